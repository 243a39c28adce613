import type { LeaderRepo } from '../types.ts';

/** On SQLite the process that opened the file is the only one there is: it always leads. */
export const sqliteLeader: LeaderRepo = {
  async lead() {
    return true;
  },
};
