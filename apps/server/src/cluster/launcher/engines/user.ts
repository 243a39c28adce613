import { execFileSync } from 'node:child_process';

export interface EngineUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

/**
 * Who runs the engines: PostgreSQL refuses root, so under root they all run as `nobody`
 * (override with ENGINE_USER); as anyone else, as that user.
 */
export function engineUser(): EngineUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const name = process.env.ENGINE_USER ?? 'nobody';
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return { name, uid, gid };
}

/** `[file, args]` for execFile/spawn, wrapped in `runuser` when the engine user is not us. */
export function asEngineUser(file: string, args: readonly string[]): [string, string[]] {
  const user = engineUser();
  return user ? ['runuser', ['-u', user.name, '--', file, ...args]] : [file, [...args]];
}
