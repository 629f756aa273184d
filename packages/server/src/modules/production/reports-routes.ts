import { productionReportsApi, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { scopeOf } from '../../scope/index.js';
import { curveRoutes } from './curves.js';
import { energy } from './report-energy.js';
import { exportReport } from './report-export.js';
import { health } from './report-health.js';
import { assertRange, summary, trend } from './reports.js';
import { REPORT_SCREENS } from './access.js';
/**
 * Production report calls (/ci18/column, grow, feed, drink, egg, immunel, business screens) and
 * the standard curves (curves.ts). Reports only read: they admit every production report screen
 * and the current-flock screen, and cut every answer to the flocks of the farms and sheds the
 * caller may see.
 */
export const REPORT_ROUTE_APPS: AppCode[] = [...REPORT_SCREENS, 'ci18.group.current'];

export const productionReportRoutes: ModuleRoutes = async (app, { database }) => {
  await curveRoutes(app, database.db);
  const serve = router(app, { tags: ['production'], app: REPORT_ROUTE_APPS, module: 'production', readOnly: true });

  serve(productionReportsApi.summary, async ({ req, body }) => summary(database, scopeOf(req), body));
  serve(productionReportsApi.trend, async ({ req, body }) => trend(database, scopeOf(req), body));
  serve(productionReportsApi.feedTrend, async ({ req, body }) => trend(database, scopeOf(req), body));
  serve(productionReportsApi.energy, async ({ req, body }) => {
    assertRange(body.period, body.start, body.end);
    return energy(database, scopeOf(req), body);
  });
  serve(productionReportsApi.health, async ({ req, body }) => {
    assertRange('total', body.start, body.end);
    return health(database, scopeOf(req), body);
  });
  serve(productionReportsApi.export, async ({ req, body }) => ({
    ...(await exportReport(database, scopeOf(req), body, req.locale)),
    mime: XLSX_MIME,
  }));
};
