import { SIGNED_OUT } from './close-codes.ts';
import { clientFrames, type Frame, serverFrames } from './docs-frames.ts';
import { DEF_PREFIX, type JsonSchema, type ProtocolSchema } from './docs-schema.ts';
import { PROTOCOL_VERSION } from './version.ts';

/** Where the socket's schemas live in the AsyncAPI document. */
const COMPONENT_PREFIX = '#/components/schemas/';
const CHANNEL = 'socket';

/** A `$ref` of the JSON Schema file (`#/$defs/X`) as the AsyncAPI document names it. */
function rehome(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rehome);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith(DEF_PREFIX)
        ? `${COMPONENT_PREFIX}${value.slice(DEF_PREFIX.length)}`
        : rehome(value),
    ]),
  );
}

/** One message per frame type, named after it, its payload the frame's own shape. */
function messagesOf(frames: readonly Frame[], schema: ProtocolSchema): Record<string, unknown> {
  return Object.fromEntries(
    frames.map((frame) => {
      const name = schema.nameOf(frame.schema);
      if (name === undefined) throw new Error(`the frame ${frame.name} has no named schema in the protocol`);
      return [frame.name, { name: frame.name, summary: frame.about, payload: { $ref: `${COMPONENT_PREFIX}${name}` } }];
    }),
  );
}

const refs = (frames: readonly Frame[]) =>
  frames.map((frame) => ({ $ref: `#/channels/${CHANNEL}/messages/${frame.name}` }));

/**
 * The WebSocket protocol as an AsyncAPI 3 document, from the same zod schemas (and comments) as
 * docs/protocol.schema.json: one channel, `/ws`, a message per frame type, and the server's two
 * operations on it, receiving the client's frames and sending its own. docs/protocol.md is the
 * guide to the flows they make.
 */
export function buildAsyncApi(schema: ProtocolSchema): Record<string, unknown> {
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Scorpion Race socket',
      version: `${PROTOCOL_VERSION}`,
      description: `The real-time protocol of Scorpion Race: JSON text frames over one WebSocket at \`/ws\`, generated from the zod schemas of packages/protocol. The server greets with \`welcome\` (its \`protocolVersion\` is this document's version); a request carrying \`rid\` is answered with the same \`rid\`; a refusal is an \`error\` frame. The server closes with ${SIGNED_OUT} when the socket's device was signed out from another one: do not reconnect as that player. The REST API is described by the OpenAPI document at \`/api/openapi.json\`; docs/protocol.md is the guide to both.`,
    },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: 'localhost:8080',
        protocol: 'ws',
        description:
          "The server as `pnpm start` runs it; a deployment answers on its page's own origin (wss behind TLS), the identity cookie authenticating the socket.",
      },
    },
    channels: {
      [CHANNEL]: {
        address: '/ws',
        title: 'The game socket',
        description:
          'One socket per tab: practice, the daily, races, the quick queue, challenges, arenas and watching all travel on it.',
        messages: { ...messagesOf(clientFrames, schema), ...messagesOf(serverFrames, schema) },
      },
    },
    operations: {
      receiveClientFrames: {
        action: 'receive',
        title: 'Frames the browser sends',
        channel: { $ref: `#/channels/${CHANNEL}` },
        messages: refs(clientFrames),
      },
      sendServerFrames: {
        action: 'send',
        title: 'Frames the server sends',
        channel: { $ref: `#/channels/${CHANNEL}` },
        messages: refs(serverFrames),
      },
    },
    components: { schemas: rehome(schema.defs) as Record<string, JsonSchema> },
  };
}

/** The AsyncAPI document as the committed file holds it. */
export function renderAsyncApi(schema: ProtocolSchema): string {
  return `${JSON.stringify(buildAsyncApi(schema), null, 2)}\n`;
}
