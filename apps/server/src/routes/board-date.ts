import { FIRST_DAILY_DATE } from '@scorpion/protocol';
import type { FastifyReply } from 'fastify';
import { nextDate } from '../clock.ts';
import { fail } from './reply.ts';

/**
 * The date a daily board is asked for, today when none is given. A date before the first daily or
 * after tomorrow never had a board and will not have one soon: it is answered 400 `bad-message`
 * here (as `parse` answers a malformed one) and comes back undefined.
 */
export function boardDate(reply: FastifyReply, date: string | undefined, today: string): string | undefined {
  if (date === undefined) return today;
  const last = nextDate(today);
  if (date >= FIRST_DAILY_DATE && date <= last) return date;
  void fail(reply, 400, 'bad-message', `date: the daily boards run from ${FIRST_DAILY_DATE} to ${last} (UTC)`);
  return undefined;
}
