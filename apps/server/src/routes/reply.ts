import type { ErrorCode } from '@scorpion/protocol';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { refuse } from '../refusal.ts';
import { refusalReply } from '../refusal-edge.ts';

/** A route's own refusal, with the status it says. */
export function fail(reply: FastifyReply, status: number, error: ErrorCode, message: string) {
  return refusalReply(reply, refuse(error, message), status);
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
