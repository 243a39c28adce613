import type { BuildEnvironmentOptions, Rolldown } from 'vite';
import { PREFIX } from './lazyLocales.ts';

/**
 * An English message used by several lazy pages becomes a chunk of its own, about 100 bytes. The
 * entry's preload map would name each of them (a hashed name, which does not compress) for every
 * page that uses it: 28 names, about 500 bytes of the first visit. Such chunks are named `msg-…`
 * and left out of the preload lists; a page still imports them, one small request later.
 */
const MESSAGE_CHUNK = /(^|\/)assets\/msg-/;

function onlyMessages(chunk: Rolldown.PreRenderedChunk): boolean {
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes(PREFIX));
}

export const messageChunkNames = (chunk: Rolldown.PreRenderedChunk): string =>
  onlyMessages(chunk) ? 'assets/msg-[name]-[hash].js' : 'assets/[name]-[hash].js';

export const preloadWithoutMessages: BuildEnvironmentOptions['modulePreload'] = {
  resolveDependencies: (_file, deps) => deps.filter((dep) => !MESSAGE_CHUNK.test(dep)),
};
