import { getContext, setContext } from 'svelte';
import type { Connection } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';
import type { Router } from './router.svelte.ts';
import type { Settings } from './settings.svelte.ts';

function contextPair<T>(name: string) {
  const key = Symbol(name);
  return [(value: T) => setContext(key, value), () => getContext<T>(key)] as const;
}

export const [setRouter, getRouter] = contextPair<Router>('router');
export const [setSettings, getSettings] = contextPair<Settings>('settings');
export const [setSession, getSession] = contextPair<Session>('session');
export const [setConnection, getConnection] = contextPair<Connection>('connection');
