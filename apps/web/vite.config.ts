import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defaultClientConditions, defineConfig } from 'vite';

// The server serves dist/ and owns /api and /ws; in dev, Vite proxies both to it.
const server = process.env.SCORPION_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [svelte()],
  // The workspace packages are bundled from their TypeScript (their "source" export condition), so
  // the web build needs no server-side build first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // The protocol's modules only declare schemas: the web app takes types and one converter
      // from it, so unused schemas (and zod with them) must not ship to the browser.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]protocol[\\/]/.test(id) },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
