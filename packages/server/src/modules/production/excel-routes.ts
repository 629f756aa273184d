import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, dailyKindParams, dailyPageBody, ErrorCodes, flockPageBody, idParam, type SaveOutcome } from '@farmsense/shared';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { writeAudit } from '../../plugins/audit.js';
import { scopeOf } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { dailyTemplate, exportDaily, exportFlocks, flockTemplate, importDaily, importFlocks, type XlsxFile } from './excel.js';
import { assertKindApp, DAILY_APPS, FLOCK_READ_APPS, FLOCK_WRITE_APP } from './access.js';

/**
 * Excel routes of poultry production (docs/API-PRODUCTION.md): daily templates, imports and
 * exports per kind, and the same for flocks. Uploads are multipart (`file`, plus `farmId`), at
 * most 5 MB; the multipart parser is registered in this plugin's scope only.
 */
const MAX_UPLOAD = 5 * 1024 * 1024;
const templateQuery = z.strictObject({ farmId: idParam });

interface Upload {
  file: Buffer;
  fields: Record<string, string>;
}

/** The uploaded `file` and the text fields; 21017 when there is no file, an empty one or one over 5 MB. */
async function upload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError(ErrorCodes.FILE_TOO_LARGE_OR_MISSING);
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && file === null) file = data;
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    // Over the size limit, too many parts, or a body that is not well-formed multipart.
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw new AppError(ErrorCodes.FILE_TOO_LARGE_OR_MISSING);
    throw err;
  }
  if (!file || file.length === 0) throw new AppError(ErrorCodes.FILE_TOO_LARGE_OR_MISSING);
  return { file, fields };
}

function farmIdOf(fields: Record<string, string>, required: true): number;
function farmIdOf(fields: Record<string, string>, required: false): number | undefined;
function farmIdOf(fields: Record<string, string>, required: boolean): number | undefined {
  const raw = fields.farmId?.trim();
  if (!raw && !required) return undefined;
  const r = idParam.safeParse(raw ?? '');
  if (!r.success || !raw) {
    const key = raw ? (r.error?.issues[0]?.message ?? 'validation.invalid') : 'validation.required';
    throw new AppError(ErrorCodes.PARAM_ERROR, { data: { issues: [{ field: 'farmId', key }] }, httpStatus: 400 });
  }
  return r.data;
}

function sendFile(reply: FastifyReply, { file, filename }: XlsxFile): FastifyReply {
  // An ASCII fallback name for old clients, the real (translated) one in RFC 5987 form.
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(file);
}

export const productionExcelRoutes: ModuleRoutes = async (base, { database }) => {
  await base.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 10, parts: 12 } });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['production'];
  const daily = { app: DAILY_APPS, module: 'production' };
  const flock = { app: FLOCK_WRITE_APP, module: 'production' };
  const uploadDoc = { consumes: ['multipart/form-data'] };

  app.get(
    '/api/breedpigbuilding/flockDaily/:kind/template',
    {
      config: daily,
      schema: {
        tags,
        summary: "The kind's import template, one row per current flock of the farm (.xlsx)",
        params: dailyKindParams,
        querystring: templateQuery,
      },
    },
    async (req, reply) => {
      const scope = scopeOf(req);
      await assertKindApp(scope, [req.params.kind]);
      return sendFile(reply, await dailyTemplate(db, scope, req.params.kind, req.query.farmId, req.locale));
    },
  );

  app.post(
    '/api/breedpigbuilding/flockDaily/:kind/import',
    {
      config: daily,
      schema: {
        tags,
        ...uploadDoc,
        params: dailyKindParams,
        summary: 'Imports a filled template (multipart file + farmId): good rows saved, the others listed by sheet row (21017, 200315)',
      },
    },
    async (req): Promise<SaveOutcome> => {
      const scope = scopeOf(req);
      const { kind } = req.params;
      await assertKindApp(scope, [kind]);
      const { file, fields } = await upload(req);
      const farmId = farmIdOf(fields, true);
      const outcome = await importDaily(db, scope, kind, farmId, file, req.locale);
      await writeAudit(db, req, {
        outcome: 'ok',
        code: ErrorCodes.SUCCESS,
        detail: { kind, farmId, saved: outcome.saved, errors: outcome.errors.length },
      });
      return outcome;
    },
  );

  app.post(
    '/api/breedpigbuilding/flockDaily/:kind/export',
    {
      config: { ...daily, readOnly: true },
      schema: { tags, summary: 'Every row of the list the filter selects (.xlsx)', params: dailyKindParams, body: dailyPageBody },
    },
    async (req, reply) => {
      const scope = scopeOf(req);
      await assertKindApp(scope, [req.params.kind]);
      return sendFile(reply, await exportDaily(db, scope, req.params.kind, req.body, req.locale));
    },
  );

  app.get(
    '/api/breedpigbuilding/flock/template',
    {
      config: flock,
      schema: { tags, summary: 'The flock import template (.xlsx)' },
    },
    async (req, reply) => sendFile(reply, await flockTemplate(req.locale)),
  );

  app.post(
    '/api/breedpigbuilding/flock/import',
    {
      config: flock,
      schema: {
        tags,
        ...uploadDoc,
        summary: 'Imports flocks (multipart file, optional farmId for rows without a farm): 20065, 20066, 20067 per row (21017, 200315)',
      },
    },
    async (req): Promise<SaveOutcome> => {
      const scope = scopeOf(req);
      const { file, fields } = await upload(req);
      const farmId = farmIdOf(fields, false);
      const outcome = await importFlocks(db, scope, file, req.locale, farmId);
      await writeAudit(db, req, {
        outcome: 'ok',
        code: ErrorCodes.SUCCESS,
        detail: { farmId: farmId ?? null, saved: outcome.saved, errors: outcome.errors.length },
      });
      return outcome;
    },
  );

  app.post(
    '/api/breedpigbuilding/flock/export',
    {
      config: { app: FLOCK_READ_APPS, module: 'production', readOnly: true },
      schema: { tags, summary: 'Every flock the filter selects (.xlsx)', body: flockPageBody },
    },
    async (req, reply) => sendFile(reply, await exportFlocks(db, scopeOf(req), req.body, req.locale)),
  );
};
