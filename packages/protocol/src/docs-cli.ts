import { writeFileSync } from 'node:fs';
import { renderProtocolDocs } from './docs.ts';
import { DOCS_PATH } from './docs-path.ts';

writeFileSync(DOCS_PATH, renderProtocolDocs());
console.log(`wrote ${DOCS_PATH}`);
