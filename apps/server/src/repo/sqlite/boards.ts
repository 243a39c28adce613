import type { Db } from '../../db/open.ts';
import { sharedBoards } from '../shared/boards.ts';
import type { BoardsRepo } from '../types.ts';
import { sqliteRecount } from './recount.ts';
import { sqliteStore } from './store.ts';
import { sqliteWinTimes } from './win-times.ts';

export function sqliteBoards(db: Db): BoardsRepo {
  const winTimes = sqliteWinTimes(db);
  return {
    ...sharedBoards(sqliteStore(db)),
    recount: sqliteRecount(db),
    async dailyWinTimes(date) {
      return winTimes(date);
    },
  };
}
