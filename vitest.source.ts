/**
 * Tests run the TypeScript sources: a workspace package resolves to its src/ through the "source"
 * export condition (its default is the compiled dist/ that production runs). Each project's vitest
 * config spreads one of these; the rest of each list is Vite's own default.
 */
const NODE = ['source', 'module', 'node', 'development|production'];
const BROWSER = ['source', 'module', 'browser', 'development|production'];

export const sourceForNode = { resolve: { conditions: NODE }, ssr: { resolve: { conditions: NODE } } };
export const sourceForBrowser = { resolve: { conditions: BROWSER }, ssr: { resolve: { conditions: NODE } } };
