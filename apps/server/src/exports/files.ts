import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { exportFileName } from './format.ts';
import { parseMonth } from './month.ts';

/** What is kept beside a month's file (`scorpion-games-YYYY-MM.json`), and what the listing shows. */
export const ExportInfo = z.strictObject({
  month: z.string(),
  /** How many games the file holds. */
  games: z.number().int().nonnegative(),
  /** The compressed file's size in bytes. */
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of the compressed file, hex: its ETag, and a data user's checksum. */
  sha256: z.string(),
  /** When it was made, ISO 8601 UTC. */
  builtAt: z.string(),
});
export type ExportInfo = z.infer<typeof ExportInfo>;

const infoName = (month: string) => `scorpion-games-${month}.json`;

/** The compressed file of `month` in `dir`. */
export function exportPath(dir: string, month: string): string {
  return join(dir, exportFileName(month));
}

/**
 * Writes `lines` compressed as `month`'s file in `dir`, then its info. Both are written under a
 * temporary name and renamed, so a reader sees the old file or the new one, never half of one.
 */
export async function writeExport(
  dir: string,
  month: string,
  lines: AsyncIterable<string>,
  builtAt: number,
): Promise<ExportInfo> {
  await mkdir(dir, { recursive: true });
  const target = exportPath(dir, month);
  const partial = `${target}.${process.pid}.partial`;
  const hash = createHash('sha256');
  let bytes = 0;
  let games = 0;
  const counted = async function* () {
    for await (const line of lines) {
      games++;
      yield line;
    }
  };
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.from(counted()), createGzip({ level: 9 }), measure, createWriteStream(partial));
    const info: ExportInfo = {
      month,
      games,
      bytes,
      sha256: hash.digest('hex'),
      builtAt: new Date(builtAt).toISOString(),
    };
    await rename(partial, target);
    await writeFile(`${join(dir, infoName(month))}.partial`, `${JSON.stringify(info, null, 2)}\n`);
    await rename(`${join(dir, infoName(month))}.partial`, join(dir, infoName(month)));
    return info;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The month's info, if its file has been made (and is still there). */
export async function readExport(dir: string, month: string): Promise<ExportInfo | undefined> {
  try {
    const info = ExportInfo.parse(JSON.parse(await readFile(join(dir, infoName(month)), 'utf8')));
    await stat(exportPath(dir, month));
    return info;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Every month made in `dir`, the latest first (none when the folder does not exist yet). */
export async function listExports(dir: string): Promise<ExportInfo[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const months = names
    .map((name) => /^scorpion-games-(\d{4}-\d{2})\.json$/.exec(name)?.[1])
    .filter((month): month is string => month !== undefined && parseMonth(month) !== null)
    .sort()
    .reverse();
  const infos = await Promise.all(months.map((month) => readExport(dir, month)));
  return infos.filter((info): info is ExportInfo => info !== undefined);
}
