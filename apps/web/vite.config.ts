import { constants } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The server serves dist/ and owns /api and /ws; in dev, Vite proxies both to it.
const server = process.env.SCORPION_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    svelte(),
    // A Brotli and a gzip copy beside every text file, at the highest levels: compressing once at
    // build time costs seconds, and the server (@fastify/static, preCompressed) then sends the
    // smallest copy the browser accepts without compressing anything per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
    }),
  ],
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
