import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ExportInfo, exportPath, listExports, readExport } from '../exports/files.ts';
import { exportFileName, LICENSE } from '../exports/format.ts';
import { parseMonth } from '../exports/month.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

/** A month's entry in the listing: its info and where to download it. */
const ExportEntry = ExportInfo.extend({ url: z.string() });

/**
 * The schemas of the open-data routes, kept here for the OpenAPI document to describe them:
 * `GET /api/exports` answers `listing`; `GET /api/exports/:month` takes `params` and answers the
 * compressed file itself (`application/gzip`).
 */
export const EXPORT_SCHEMAS = {
  params: z.strictObject({ month: z.string().max(32) }),
  listing: z.strictObject({
    /** CC0: no rights reserved, as lichess's database. */
    license: z.strictObject({ id: z.literal(LICENSE.id), url: z.string() }),
    /** Where the format is described field by field: the project's `docs/open-data.md`. */
    format: z.string(),
    /** Every month made, the latest first. The current month is never offered: its file would change daily. */
    months: z.array(ExportEntry),
  }),
  /** A month's file: gzip of JSON lines, sent as bytes (a stream is never serialized). */
  file: z.string().describe("The month's games, one JSON game record a line, gzip-compressed (docs/open-data.md)."),
} as const;

const FORMAT_DOC = 'docs/open-data.md';
/** A month's file is final once made; a day's cache, with the ETag for every check after. */
const CACHE = 'public, max-age=86400';

/** The monthly open-data files (docs/open-data.md), made by `pnpm export-games` into `dir`. */
export async function exportRoutes(app: FastifyInstance, { dir }: { dir: string | undefined }) {
  const routes = zodRoutes(app);
  routes.get(
    '/api/exports',
    { onRequest: app.limits.boards, schema: { response: { 200: EXPORT_SCHEMAS.listing, ...refusals } } },
    async (_request, reply) => {
      const months = dir ? await listExports(dir) : [];
      const body: z.infer<typeof EXPORT_SCHEMAS.listing> = {
        license: { id: LICENSE.id, url: LICENSE.url },
        format: FORMAT_DOC,
        months: months.map((info) => ({ ...info, url: `/api/exports/${info.month}` })),
      };
      return reply.header('cache-control', 'public, max-age=300').send(body);
    },
  );

  routes.get(
    '/api/exports/:month',
    {
      onRequest: app.limits.boards,
      schema: {
        params: EXPORT_SCHEMAS.params,
        bytes: 'application/gzip',
        response: { 200: EXPORT_SCHEMAS.file, ...refusals },
      },
    },
    async (request, typedReply) => {
      // The file goes out as bytes, past the response schema (which only describes it): the
      // reply is used untyped for it and for the empty 304.
      const reply: FastifyReply = typedReply;
      const { month } = request.params;
      if (!parseMonth(month)) return fail(reply, 400, 'bad-month', 'A month is written YYYY-MM, as 2026-11.');
      const info = dir ? await readExport(dir, month) : undefined;
      if (!dir || !info) {
        return fail(
          reply,
          404,
          'no-such-export',
          `There is no export of ${month}: a month is made once it has closed.`,
        );
      }
      const etag = `"${info.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', CACHE)
        .header('last-modified', new Date(info.builtAt).toUTCString());
      const asked = request.headers['if-none-match'];
      if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      return reply
        .type('application/gzip')
        .header('content-length', info.bytes)
        .header('content-disposition', `attachment; filename="${exportFileName(month)}"`)
        .send(createReadStream(exportPath(dir, month)));
    },
  );
}
