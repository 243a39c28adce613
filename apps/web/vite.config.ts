import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// The server serves dist/ and owns /api and /ws; in dev, Vite proxies both to it.
const server = process.env.SCORPION_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [svelte()],
  build: { target: 'es2022', sourcemap: true },
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
