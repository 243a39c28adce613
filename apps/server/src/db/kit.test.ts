import type { FinishWindow } from '@scorpion/protocol';
import type { Move, Options, VariantId } from '@scorpion/rules';
import { expectTypeOf, test } from 'vitest';
import type * as pg from './pg-schema.ts';
import type * as sqlite from './schema.ts';

/*
 * Checked by the typecheck. In a column set written once (`tables/`), `.$type<T>().notNull()`
 * compiles but loses `T` (the column reads as a plain string or number, and nothing else fails):
 * `required(…)` keeps it (`kit.ts`). These columns, one of each way a type is given, pin it.
 */
type Rows<S extends { $inferSelect: unknown }> = S['$inferSelect'];

test('columns typed by $type read as that type in both schemas', () => {
  for (const schema of [{} as typeof sqlite, {} as typeof pg]) {
    type S = typeof schema;
    expectTypeOf<Rows<S['oneTimeKeys']>['kind']>().toEqualTypeOf<'passkey-register' | 'passkey-sign-in' | 'link'>();
    expectTypeOf<Rows<S['games']>['variant']>().toEqualTypeOf<VariantId>();
    expectTypeOf<Rows<S['games']>['options']>().toEqualTypeOf<Options>();
    expectTypeOf<Rows<S['rooms']>['bestOf']>().toEqualTypeOf<1 | 3 | 5>();
    expectTypeOf<Rows<S['rooms']>['finishWindow']>().toEqualTypeOf<FinishWindow>();
    expectTypeOf<Rows<S['dailyDeals']>['line']>().toEqualTypeOf<readonly Move[] | null>();
  }
});
