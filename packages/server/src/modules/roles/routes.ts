import { AppError, ErrorCodes, rolesApi, scopeOfRoleType } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { loadAppRows } from '../portal/index.js';
import { bindableCodes, bindableTree } from './bindable.js';
import { addRole, bindApps, deleteRole, editRole, roleOps, rolePage } from './service.js';

export const ROLE_APP = 'usermanagement.role';
/** The account page picks roles from the same list. */
const ACCOUNT_APP = 'usermanagement.accountnumber';

/** Role administration (/usermanagement/role; contracts: packages/shared/src/roles/endpoints.ts). */
export const roleRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  const serve = router(app, { tags: ['roles'], app: ROLE_APP, module: 'usermanagement' });

  serve(rolesApi.page, { app: [ROLE_APP, ACCOUNT_APP] }, async ({ req, query }) => rolePage(db, tenantOf(req), query));
  serve(rolesApi.add, async ({ req, body }) => addRole(db, scopeOf(req), tenantOf(req), body));
  serve(rolesApi.edit, async ({ req, body }) => editRole(db, scopeOf(req), tenantOf(req), body));
  serve(rolesApi.remove, async ({ req, query }) => deleteRole(db, scopeOf(req), tenantOf(req), query.id));
  serve(rolesApi.applications, async ({ req, query }) => {
    const codes = await bindableCodes(db, scopeOf(req), tenantOf(req));
    return bindableTree(await loadAppRows(db), codes, query.type ? scopeOfRoleType(query.type) : undefined);
  });
  serve(rolesApi.bind, async ({ req, body }) => bindApps(db, scopeOf(req), tenantOf(req), body));
  serve(rolesApi.opsOfApp, async ({ req, query }) => {
    const [one] = await roleOps(db, tenantOf(req), query.roleId, [query.applicationId]);
    if (!one) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
    return one.ops;
  });
  serve(rolesApi.opsOfApps, { readOnly: true }, async ({ req, body }) => roleOps(db, tenantOf(req), body.roleId, body.applicationIds));
};
