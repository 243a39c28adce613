import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';
import { sourceForBrowser } from '../../vitest.source.ts';
import { catalogue } from './vite/paraglide.ts';

// The Svelte plugin compiles the runes in *.svelte.ts, so that state classes are tested as they run.
export default defineProject({
  ...sourceForBrowser,
  plugins: [...catalogue({ split: false }), svelte()],
  test: { name: 'web', include: ['src/**/*.test.ts', 'messages/*.test.ts', 'vite/*.test.ts'] },
});
