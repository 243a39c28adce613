import { fileURLToPath } from 'node:url';

export const DOCS_PATH = fileURLToPath(new URL('../../../docs/protocol.md', import.meta.url));
