import type { ServerModule } from '../module.js';
import { productionExcelRoutes } from './excel-routes.js';
import { productionReportRoutes } from './reports-routes.js';
import { productionRoutes } from './routes.js';

/** The production module as the app registers it (modules/index.ts): records, Excel, reports. */
export const productionModule: ServerModule = {
  name: 'production',
  routes: async (app, deps) => {
    // Each part keeps its own encapsulated scope, as when they were listed one by one.
    for (const part of [productionRoutes, productionExcelRoutes, productionReportRoutes]) await app.register(async (s) => part(s, deps));
  },
};
