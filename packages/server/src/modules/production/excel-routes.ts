import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCodes, idParam, productionExcelApi } from '@farmsense/shared';
import { router, type FileAnswer } from '../../core/serve.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { writeAudit } from '../../plugins/audit.js';
import { scopeOf } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { dailyTemplate, exportDaily, exportFlocks, flockTemplate, importDaily, importFlocks, type XlsxFile } from './excel.js';
import { assertKindApp, DAILY_APPS, FLOCK_READ_APPS, FLOCK_WRITE_APP } from './access.js';

/**
 * Excel routes of poultry production (docs/API-PRODUCTION.md): daily templates, imports and
 * exports per kind, and the same for flocks. Uploads are multipart (`file`, plus `farmId`), at
 * most 5 MB; the multipart parser is registered in this plugin's scope only (contracts:
 * packages/shared/src/production/endpoints-excel.ts).
 */
const MAX_UPLOAD = 5 * 1024 * 1024;

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

const xlsx = async (made: Promise<XlsxFile>): Promise<FileAnswer> => ({ ...(await made), mime: XLSX_MIME });

export const productionExcelRoutes: ModuleRoutes = async (app, { database }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 10, parts: 12 } });
  const db = database.db;
  const serve = router(app, { tags: ['production'], app: DAILY_APPS, module: 'production' });
  const flock = { app: FLOCK_WRITE_APP };
  const uploaded = { consumes: ['multipart/form-data'] };

  serve(productionExcelApi.dailyTemplate, async ({ req, params, query }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [params.kind]);
    return xlsx(dailyTemplate(db, scope, params.kind, query.farmId, req.locale));
  });

  serve(productionExcelApi.dailyImport, uploaded, async ({ req, params: { kind } }) => {
    const scope = scopeOf(req);
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
  });

  serve(productionExcelApi.dailyExport, { readOnly: true }, async ({ req, params, body }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [params.kind]);
    return xlsx(exportDaily(db, scope, params.kind, body, req.locale));
  });

  serve(productionExcelApi.flockTemplate, flock, async ({ req }) => xlsx(flockTemplate(req.locale)));

  serve(productionExcelApi.flockImport, { ...flock, ...uploaded }, async ({ req }) => {
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
  });

  serve(productionExcelApi.flockExport, { app: FLOCK_READ_APPS, readOnly: true }, async ({ req, body }) =>
    xlsx(exportFlocks(db, scopeOf(req), body, req.locale)),
  );
};
