import { writeFileSync } from 'node:fs';
import { renderProtocolGuide, renderProtocolSchema } from './docs.ts';
import { GUIDE_PATH, SCHEMA_PATH } from './docs-path.ts';
import { buildProtocolSchema } from './docs-schema.ts';

const schema = buildProtocolSchema();
writeFileSync(GUIDE_PATH, renderProtocolGuide(schema));
writeFileSync(SCHEMA_PATH, renderProtocolSchema(schema));
console.log(`wrote ${GUIDE_PATH} and ${SCHEMA_PATH}`);
