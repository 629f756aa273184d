import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The pages this build has, by application code (packages/shared/src/permissions.ts). The router
 * shows a page only when the account's permission tree holds its code AND it is listed here; the
 * path comes from the tree. A module adds its pages by adding lines here, nothing else.
 * `fullscreen` pages render without the shell (e.g. /access-management, /ai-check).
 */
export interface PageEntry {
  page: LazyExoticComponent<ComponentType>;
  fullscreen?: boolean;
}

const shedOverview = () => import('../../features/overview/pages/ShedOverviewPage');
const tenants = () => import('../../features/tenants/pages/TenantsPage');
const operationLog = () => import('../../features/oplog/pages/OperationLogPage');

export const ROUTE_REGISTRY: Readonly<Record<string, PageEntry>> = {
  'pig.overview.shed': { page: lazy(() => shedOverview().then((m) => ({ default: m.PigShedOverviewPage }))) },
  'ci18.overview.shed': { page: lazy(() => shedOverview().then((m) => ({ default: m.PoultryShedOverviewPage }))) },
  'platform.tenants': { page: lazy(() => tenants().then((m) => ({ default: m.TenantsPage }))) },
  'safe-oplog.records': { page: lazy(() => operationLog().then((m) => ({ default: m.OperationLogPage }))) },
};
