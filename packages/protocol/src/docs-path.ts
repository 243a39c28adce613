import { fileURLToPath } from 'node:url';

const docs = (file: string) => fileURLToPath(new URL(`../../../docs/${file}`, import.meta.url));

/** The guide, and the JSON Schema beside it. */
export const GUIDE_PATH = docs('protocol.md');
export const SCHEMA_PATH = docs('protocol.schema.json');
/** The socket described as AsyncAPI 3, served beside the OpenAPI document at `/api/asyncapi.json`. */
export const ASYNCAPI_PATH = docs('asyncapi.json');
