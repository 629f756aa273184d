import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flockTrendBody, reportBody } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { scopeOf } from '../../scope/index.js';
import { curveRoutes } from './curves.js';
import { energy, type EnergyRow } from './report-energy.js';
import { exportReport } from './report-export.js';
import { health, type HealthRow } from './report-health.js';
import { assertRange, summary, trend, type SummaryAnswer, type TrendSeries } from './reports.js';
import { REPORT_SCREENS } from './access.js';

/**
 * Production report calls (/ci18/column, grow, feed, drink, egg, immunel, business screens) and
 * the standard curves (curves.ts). Reports only read: they admit every production report screen
 * and the current-flock screen, and cut every answer to the flocks of the farms and sheds the
 * caller may see.
 */
export const REPORT_ROUTE_APPS: string[] = [...REPORT_SCREENS, 'ci18.group.current'];

/** The export names the screen it exports (its columns and the file's title). */
const reportExportBody = reportBody.safeExtend({
  report: z.enum(REPORT_SCREENS as [string, ...string[]], { error: 'validation.invalid' }),
});

export const productionReportRoutes: ModuleRoutes = async (base, { database }) => {
  await curveRoutes(base, database.db);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const config = { app: REPORT_ROUTE_APPS, module: 'production', readOnly: true };

  app.post(
    '/api/breedpigbuilding/flockReport/summary',
    {
      config,
      schema: { tags, summary: 'Report rows per flock or farm and period, with totals and standards', body: reportBody },
    },
    async (req): Promise<SummaryAnswer> => summary(database, scopeOf(req), req.body),
  );

  for (const path of ['trend', 'feedTrend']) {
    app.post(
      `/api/breedpigbuilding/flockReport/${path}`,
      {
        config,
        schema: { tags, summary: 'Per flock and indicator: actual and standard by day or week of age', body: flockTrendBody },
      },
      async (req): Promise<{ series: TrendSeries[] }> => trend(database, scopeOf(req), req.body),
    );
  }

  app.post(
    '/api/breedpigbuilding/flockReport/energy',
    {
      config,
      schema: { tags, summary: "Farm water and electricity from the meters' daily rollups, per bird", body: reportBody },
    },
    async (req): Promise<{ rows: EnergyRow[] }> => {
      assertRange(req.body.period, req.body.start, req.body.end);
      return energy(database, scopeOf(req), req.body);
    },
  );

  app.post(
    '/api/breedpigbuilding/flockReport/health',
    {
      config,
      schema: { tags, summary: 'Per flock: dead, culled, mortality, immunisations and medications in the range', body: reportBody },
    },
    async (req): Promise<{ rows: HealthRow[] }> => {
      assertRange('total', req.body.start, req.body.end);
      return health(database, scopeOf(req), req.body);
    },
  );

  app.post(
    '/api/breedpigbuilding/flockReport/export',
    {
      config,
      schema: {
        tags,
        summary: "A report screen's summary rows as an .xlsx file (headers in the request language)",
        body: reportExportBody,
      },
    },
    async (req, reply) => {
      const { file, filename } = await exportReport(database, scopeOf(req), req.body, req.locale);
      const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(file);
    },
  );
};
