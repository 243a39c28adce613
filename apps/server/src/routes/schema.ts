import { ApiError } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The answers any route may give besides its own: every refusal, Fastify's and the limits'
 * included, is an `ApiError` (`errors.ts`). Spread into each route's `response`.
 */
export const refusals = { '4xx': ApiError, '5xx': ApiError } as const;

/** The app whose routes read their types from their zod schemas (plugins/api-docs.ts compiles them). */
export const zodRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** A request done with nothing to tell: `{}`. */
export const Done = z.strictObject({});
