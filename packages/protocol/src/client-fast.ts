import type { ClientMessage } from './client.ts';
import type { Move } from './game.ts';
import { REQUEST_ID_PATTERN } from './request-id.ts';

/*
 * The frames of a game in play (`move`, `undo`, `redo`: nearly every frame a server reads) checked
 * by hand, without zod. zod's parse of a move allocated about 1.5 KB (its copy of the object, the
 * context of every check); this allocates only the message it returns. It mirrors `MoveMessage`,
 * `Undo`, `Redo` and `Move` (client.ts, game.ts), with their optional `rid`, exactly: the test holds it to zod's answer.
 */

/** `Expect`'s bounds (client.ts). */
const MAX_EXPECT = 1_000_000;
/** `index`'s bounds (game.ts). */
const MAX_INDEX = 200;

function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INDEX;
}

/** A plain object's own enumerable keys, counted without building their list. */
function keyCount(object: object): number {
  let count = 0;
  for (const _ in object) count++;
  return count;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `Move`'s output (keys in the schema's order, as zod builds it), or undefined if not one. */
function fastMove(json: unknown): Move | undefined {
  if (!isObject(json)) return undefined;
  const keys = keyCount(json);
  switch (json.kind) {
    case 'move': {
      const { from, row, to } = json;
      return keys === 4 && isIndex(from) && isIndex(row) && isIndex(to) ? { kind: 'move', from, row, to } : undefined;
    }
    case 'deal':
      return keys === 1 ? { kind: 'deal' } : undefined;
    case 'reserve': {
      const { index, to } = json;
      return keys === 3 && isIndex(index) && isIndex(to) ? { kind: 'reserve', index, to } : undefined;
    }
    case 'foundation': {
      const { from } = json;
      return keys === 2 && isIndex(from) ? { kind: 'foundation', from } : undefined;
    }
    case 'unfoundation': {
      const { foundation, to } = json;
      return keys === 3 && isIndex(foundation) && isIndex(to) ? { kind: 'unfoundation', foundation, to } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A `move`, `undo` or `redo` frame (already `JSON.parse`d) as `ClientMessage.parse` would return
 * it, keys in the same order; undefined for any other frame and for any that is not valid. The
 * caller then asks `ClientMessage.safeParse`, the authority, which says what is wrong: this never
 * lets through what zod refuses, it only answers the common case without it.
 */
export function fastClientMessage(json: unknown): ClientMessage | undefined {
  if (!isObject(json)) return undefined;
  const { type, gameId, expect } = json;
  if (type !== 'move' && type !== 'undo' && type !== 'redo') return undefined;
  if (typeof gameId !== 'string' || gameId.length < 1 || gameId.length > 64) return undefined;
  if (typeof expect !== 'number' || !Number.isInteger(expect) || expect < 0 || expect > MAX_EXPECT) return undefined;
  const { rid } = json;
  const hasRid = rid !== undefined;
  if (hasRid && !isRequestId(rid)) return undefined;
  const keys = keyCount(json) - (hasRid ? 1 : 0);
  if (type !== 'move') {
    if (keys !== 3) return undefined;
    return hasRid ? { type, gameId, expect, rid } : { type, gameId, expect };
  }
  if (keys !== 4) return undefined;
  const move = fastMove(json.move);
  if (!move) return undefined;
  return hasRid ? { type, gameId, expect, move, rid } : { type, gameId, expect, move };
}
