import type { FastifyInstance } from 'fastify';
import type { Deps } from '../app.js';
import { authModule } from './auth/index.js';
import { directoryRoutes } from './directory/routes.js';
import { portalRoutes } from './portal/routes.js';
import { oplogRoutes } from './oplog/routes.js';
import { tenantRoutes } from './tenants/routes.js';
import { accountRoutes } from './accounts/routes.js';
import { roleRoutes } from './roles/routes.js';
import { farmRoutes } from './farms/routes.js';
import { shedRoutes } from './sheds/routes.js';
import { telemetryRoutes } from './telemetry/routes.js';
import { environmentRoutes } from './environment/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { productionRoutes } from './production/routes.js';
import { productionReportRoutes } from './production/reports-routes.js';
import { productionExcelRoutes } from './production/excel-routes.js';

/** Each module registers its routes in its own encapsulated scope. Add a module by adding a line. */
export type ModuleRoutes = (app: FastifyInstance, deps: Deps) => Promise<void>;

export const MODULES: ModuleRoutes[] = [
  authModule,
  portalRoutes,
  directoryRoutes,
  tenantRoutes,
  oplogRoutes,
  accountRoutes,
  roleRoutes,
  farmRoutes,
  shedRoutes,
  telemetryRoutes,
  environmentRoutes,
  deviceRoutes,
  productionRoutes,
  productionExcelRoutes,
  productionReportRoutes,
];
