import type { DailyRepo } from '../repo/types.ts';

/** The device of an opening whose client sent no device cookie: no evidence of anything. */
const NO_DEVICE = '';

/**
 * Whether another player opened `date`'s deal, at or before `until`, on a device that `playerId`
 * opened it on at or before `until`: the evidence that flags a ranked result (`flags.ts`). An
 * address alone is never evidence: a family, a school or a carrier's shared address puts
 * strangers behind one; a device is one browser's cookie. Two index lookups: the player's own
 * openings, then every opening on their devices (`daily_opens_device`).
 */
export async function openedOnSharedDevice(
  daily: Pick<DailyRepo, 'opensOf' | 'opensOnDevices'>,
  date: string,
  playerId: string,
  until: number,
): Promise<boolean> {
  const mine = await daily.opensOf(date, playerId, until);
  const devices = [...new Set(mine.map((o) => o.device))].filter((device) => device !== NO_DEVICE);
  if (devices.length === 0) return false;
  const onThem = await daily.opensOnDevices(date, devices, until);
  return onThem.some((o) => o.playerId !== playerId);
}
