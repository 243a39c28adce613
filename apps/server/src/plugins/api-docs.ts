import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PROTOCOL_VERSION } from '@scorpion/protocol';
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPO_ROOT } from '../config.ts';

/** The reference page's own files (HTML, script, styles): static assets, not API calls. */
export const DOCS_PAGE = '/api/docs';
/** The committed AsyncAPI document of the socket, written by `pnpm --filter @scorpion/protocol run docs`. */
export const ASYNCAPI_PATH = join(REPO_ROOT, 'docs/asyncapi.json');

/**
 * The page's assets are all its own (swagger-ui-dist in node_modules): nothing from another
 * origin, no inline script. Swagger UI styles some elements inline, hence the one exception.
 */
const PAGE_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'frame-ancestors': ["'self'"],
};

/**
 * A body, query or path refused by its zod schema answers as `routes/reply.ts` always did:
 * `bad-message` with the first issue, `path: message`. The error handler (`routes/errors.ts`)
 * turns Fastify's validation error into that `ApiError`.
 */
export function firstIssue(errors: FastifySchemaValidationError[]): Error {
  const issue = errors[0];
  const path = issue?.instancePath.slice(1).replaceAll('/', '.') ?? '';
  return new Error(`${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`);
}

/** A request without a body is read as `{}`, as the routes read it before: a guest's sign-up sends none. */
const validateWithEmptyBody: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body' ? (data) => validate(data ?? {}) : validate;
};

/** Route schemas are zod, for the requests they take and the answers they give (also on a bare app: a route's test). */
export function compileZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validateWithEmptyBody);
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter(firstIssue);
}

/** Every `/api` route states its answer, so the document describes the API whole. */
function requireSchema(route: RouteOptions): void {
  const path = route.url;
  if (!path.startsWith('/api/') || path === DOCS_PAGE || path.startsWith(`${DOCS_PAGE}/`)) return;
  if (!route.schema?.response) {
    const methods = [route.method].flat().join(',');
    throw new Error(`${methods} ${path} has no response schema: describe it with zod (plugins/api-docs.ts)`);
  }
}

const openapi = {
  openapi: '3.1.0',
  info: {
    title: 'Scorpion Race API',
    version: `${PROTOCOL_VERSION}`,
    description:
      'The REST API of Scorpion Race, generated from the zod schemas its routes validate with. Every refusal is an `ApiError` `{error, message}`. The real-time game travels over the WebSocket at `/ws`: see the AsyncAPI document at `/api/asyncapi.json` and docs/protocol.md.',
  },
  externalDocs: { description: 'The WebSocket protocol (AsyncAPI 3)', url: '/api/asyncapi.json' },
};

/**
 * A route whose success is a file (`schema.bytes`, its media type, as the open-data export's
 * gzip) has its 200 described under that type: its refusals stay JSON. (`produces` would set
 * the type of every answer, refusals included.)
 */
function answersInBytes<T extends { schema: unknown }>(route: unknown, transformed: T): T {
  const bytes = (route as { bytes?: string } | undefined)?.bytes;
  const response = (transformed.schema as { response?: Record<string, { description?: string }> }).response;
  const ok = response?.[200];
  if (!bytes || !response || !ok) return transformed;
  const { bytes: _, ...schema } = transformed.schema as Record<string, unknown>;
  const described = { description: ok.description ?? 'The file.', content: { [bytes]: { schema: ok } } };
  return { ...transformed, schema: { ...schema, response: { ...response, 200: described } } };
}

/**
 * The routes' zod schemas as the validation and serialization of every request and answer
 * (`fastify-type-provider-zod`), and as the OpenAPI 3.1 document (`@fastify/swagger`) served at
 * `/api/openapi.json`, with its reference page at `/api/docs` and the socket's AsyncAPI document
 * at `/api/asyncapi.json`. Registered before any route: both the compilers and the document
 * read the routes as they are added.
 */
export const apiDocsPlugin = fp(
  async (app) => {
    compileZodSchemas(app);
    app.addHook('onRoute', requireSchema);

    const transform = createJsonSchemaTransform({ skipList: [] });
    await app.register(fastifySwagger, {
      openapi,
      // The document is the API: health probes, metrics and the socket's upgrade stay out of it.
      transform: (document) => {
        if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
        return answersInBytes(document.schema, transform(document));
      },
      transformObject: createJsonSchemaTransformObject({}),
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PAGE,
      // Swagger UI would otherwise ask validator.swagger.io for a badge: the page stays on this origin.
      uiConfig: { validatorUrl: null, deepLinking: true },
      staticCSP: PAGE_CSP,
    });

    const anyDocument = z.looseObject({});
    app.get('/api/openapi.json', { schema: { hide: true, response: { 200: anyDocument } } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger()),
    );
    const asyncapi: unknown = JSON.parse(readFileSync(ASYNCAPI_PATH, 'utf8'));
    app.get('/api/asyncapi.json', { schema: { hide: true, response: { 200: anyDocument } } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(asyncapi),
    );
  },
  { name: 'api-docs' },
);
