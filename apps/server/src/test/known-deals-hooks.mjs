// Module hook for `known-deals.mjs`: the built server's deal source resolves to the test one.
const KNOWN = new URL('./known-deals-source.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.endsWith('/dist/deals/source.js') ? { url: KNOWN, shortCircuit: true } : resolved;
}
