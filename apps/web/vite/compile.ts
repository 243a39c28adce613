/**
 * Compiles the catalogue without Vite, for svelte-check: the generated src/paraglide/ is not
 * committed, and the type check runs before any build.
 */
import { compile } from '@inlang/paraglide-js';
import { compilerOptions } from './paraglide.ts';

process.chdir(new URL('..', import.meta.url).pathname);
await compile({ ...compilerOptions, strategy: [...compilerOptions.strategy] });
