import { authModule } from './auth/index.js';
import { portalModule } from './portal/index.js';
import { directoryModule } from './directory/index.js';
import { tenantsModule } from './tenants/index.js';
import { oplogModule } from './oplog/index.js';
import { accountsModule } from './accounts/index.js';
import { rolesModule } from './roles/index.js';
import { farmsModule } from './farms/index.js';
import { shedsModule } from './sheds/index.js';
import { telemetryModule } from './telemetry/index.js';
import { environmentModule } from './environment/index.js';
import { devicesModule } from './devices/index.js';
import { productionModule } from './production/index.js';
import { alarmsModule } from './alarms/index.js';
import { controlModule } from './control/index.js';
import { silosModule } from './silos/index.js';
import { feedingModule } from './feeding/index.js';
import type { ServerModule } from './module.js';

/**
 * Every server module, in registration order. A module is a folder whose index.ts exports one
 * ServerModule (module.ts): add it here with one import and one line.
 */
export const MODULES: readonly ServerModule[] = [
  { name: 'auth', routes: authModule },
  portalModule,
  directoryModule,
  tenantsModule,
  oplogModule,
  accountsModule,
  rolesModule,
  farmsModule,
  shedsModule,
  telemetryModule,
  environmentModule,
  devicesModule,
  productionModule,
  alarmsModule,
  controlModule,
  silosModule,
  feedingModule,
];
