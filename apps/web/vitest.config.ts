import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';
import { sourceForBrowser } from '../../vitest.source.ts';

// The Svelte plugin compiles the runes in *.svelte.ts, so that state classes are tested as they run.
export default defineProject({
  ...sourceForBrowser,
  plugins: [svelte()],
  test: { name: 'web', include: ['src/**/*.test.ts'] },
});
