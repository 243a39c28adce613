import type { ApiError, ErrorCode } from '@scorpion/protocol';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export function fail(reply: FastifyReply, status: number, error: ErrorCode, message: string) {
  const body: ApiError = { error, message };
  return reply.code(status).send(body);
}

/** Parses a query or body with its protocol schema; on failure answers 400 and returns undefined. */
export function parse<S extends z.ZodType>(reply: FastifyReply, schema: S, value: unknown): z.output<S> | undefined {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  void fail(reply, 400, 'bad-message', `${where}${issue?.message ?? 'invalid'}`);
  return undefined;
}
