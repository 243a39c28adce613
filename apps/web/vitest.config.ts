import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

// The Svelte plugin compiles the runes in *.svelte.ts, so that state classes are tested as they run.
export default defineProject({ plugins: [svelte()], test: { name: 'web', include: ['src/**/*.test.ts'] } });
