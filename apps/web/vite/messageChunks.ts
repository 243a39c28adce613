import type { BuildEnvironmentOptions, Rolldown } from 'vite';
import { PREFIX } from './lazyLocales.ts';

/**
 * A message used by several lazy pages becomes a chunk of its own, about 100 bytes. The entry's
 * preload map would name each of them (a hashed name, which does not compress) for every page
 * that uses it: 28 names, about 500 bytes of the first visit. Such chunks are named `msg-…` and
 * left out of the preload lists; a page still imports them, one small request later.
 */
const MESSAGE_CHUNK = /(^|\/)msg-[^/]*$/;

function onlyMessages(chunk: Rolldown.PreRenderedChunk): boolean {
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes(PREFIX));
}

/** Chunk names under `assetsDir` (each language's build has its own, vite/localeBuilds.ts). */
export const messageChunkNames =
  (assetsDir: string) =>
  (chunk: Rolldown.PreRenderedChunk): string =>
    onlyMessages(chunk) ? `${assetsDir}/msg-[name]-[hash].js` : `${assetsDir}/[name]-[hash].js`;

export const preloadWithoutMessages: BuildEnvironmentOptions['modulePreload'] = {
  resolveDependencies: (_file, deps) => deps.filter((dep) => !MESSAGE_CHUNK.test(dep)),
};
