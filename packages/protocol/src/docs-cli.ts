import { writeFileSync } from 'node:fs';
import { renderProtocolGuide, renderProtocolSchema } from './docs.ts';
import { renderAsyncApi } from './docs-asyncapi.ts';
import { ASYNCAPI_PATH, GUIDE_PATH, SCHEMA_PATH } from './docs-path.ts';
import { buildProtocolSchema } from './docs-schema.ts';

const schema = buildProtocolSchema();
writeFileSync(GUIDE_PATH, renderProtocolGuide(schema));
writeFileSync(SCHEMA_PATH, renderProtocolSchema(schema));
writeFileSync(ASYNCAPI_PATH, renderAsyncApi(schema));
console.log(`wrote ${GUIDE_PATH}, ${SCHEMA_PATH} and ${ASYNCAPI_PATH}`);
