import { and, asc, eq } from 'drizzle-orm';
import {
  AccountType,
  AppError,
  APP_OPERATIONS,
  ErrorCodes,
  type AppOperation,
  type DefaultApplication,
  type OperateAuthMap,
  type Page,
  type ParamRow,
  type UserDefaultModule,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountRoles, accounts, actLog, applicationInfo, defaultApplication, params, roleApps, roles } from '../../db/tables.js';
import { loadAccess } from '../../lib/access.js';
import type { AuthContext } from '../../plugins/auth.js';
import { appRowCols, buildTree, firstPage, loadAppRows, type AppRow } from './tree.js';
import { pageAnswer, readPage } from '../../lib/paging.js';

const ALL_OPS: AppOperation[] = [...APP_OPERATIONS];

function orderedOps(ops: Iterable<string>): AppOperation[] {
  const set = new Set(ops);
  return APP_OPERATIONS.filter((o) => set.has(o));
}

/**
 * Operation rights per held application. Administrators (tenant and platform) may do everything
 * on what they hold. Ordinary accounts get the union over their roles; a role bound to a menu
 * group passes its rights down to the entries under it. A code held only because something under
 * it is granted (a menu group shown for its child) is viewable and nothing more.
 */
export async function operateAuth(db: Db, auth: AuthContext): Promise<OperateAuthMap> {
  const out: OperateAuthMap = {};
  if (auth.tenantId === null || auth.accountType === AccountType.TENANT_ADMIN || auth.accountType === AccountType.PLATFORM) {
    for (const code of auth.codes) out[code] = [...ALL_OPS];
    return out;
  }
  const rows = await db
    .select({ code: roleApps.appCode, ops: roleApps.ops })
    .from(accountRoles)
    .innerJoin(roles, and(eq(roles.id, accountRoles.roleId), eq(roles.tenantId, auth.tenantId)))
    .innerJoin(roleApps, eq(roleApps.roleId, roles.id))
    .where(eq(accountRoles.accountId, auth.id));
  const granted = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = granted.get(r.code) ?? new Set<string>();
    for (const o of r.ops) set.add(o);
    granted.set(r.code, set);
  }
  const parentOf = new Map((await loadAppRows(db)).map((r) => [r.code, r.parentCode]));
  for (const code of auth.codes) {
    const ops = new Set<string>();
    for (let c: string | null | undefined = code; c; c = parentOf.get(c)) {
      for (const o of granted.get(c) ?? []) ops.add(o);
    }
    out[code] = ops.size > 0 ? orderedOps(ops) : ['view'];
  }
  return out;
}

async function savedDefault(db: Db, accountId: number, codes: ReadonlySet<string>): Promise<AppRow | null> {
  const [row] = await db
    .select(appRowCols)
    .from(defaultApplication)
    .innerJoin(applicationInfo, eq(applicationInfo.id, defaultApplication.applicationInfoId))
    .where(eq(defaultApplication.accountId, accountId));
  // A default the account no longer holds (its roles changed) is not offered.
  return row && codes.has(row.code) ? row : null;
}

export async function getDefaultApplication(db: Db, auth: AuthContext): Promise<DefaultApplication | null> {
  const row = await savedDefault(db, auth.id, auth.codes);
  return row ? { applicationInfoId: row.id, applicationCode: row.code, path: row.path } : null;
}

export async function setDefaultApplication(db: Db, auth: AuthContext, applicationInfoId: number): Promise<void> {
  const [app] = await db.select({ code: applicationInfo.code }).from(applicationInfo).where(eq(applicationInfo.id, applicationInfoId));
  if (!app) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
  if (!auth.codes.has(app.code)) throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
  await db
    .insert(defaultApplication)
    .values({ accountId: auth.id, applicationInfoId })
    .onConflictDoUpdate({ target: defaultApplication.accountId, set: { applicationInfoId } });
}

export async function cancelDefaultApplication(db: Db, auth: AuthContext): Promise<void> {
  await db.delete(defaultApplication).where(eq(defaultApplication.accountId, auth.id));
}

/**
 * The page an account starts on: its saved default, else its first permitted page. Only the
 * account itself or an administrator of its tenant may ask; anyone else (including for an account
 * that does not exist) gets 10009, so the answer never tells whether a name exists.
 */
export async function userDefaultModule(db: Db, auth: AuthContext, userAccount: string | undefined): Promise<UserDefaultModule | null> {
  const code = (userAccount ?? auth.accountCode).toLowerCase();
  let target: { id: number; tenantId: number | null; accountType: number; codes: ReadonlySet<string> };
  if (code === auth.accountCode) {
    target = auth;
  } else {
    const [acc] = await db
      .select({ id: accounts.id, tenantId: accounts.tenantId, accountType: accounts.accountType })
      .from(accounts)
      .where(eq(accounts.accountCode, code));
    const mayAsk =
      acc !== undefined && auth.accountType === AccountType.TENANT_ADMIN && auth.tenantId !== null && acc.tenantId === auth.tenantId;
    if (!mayAsk) throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
    target = { ...acc, codes: (await loadAccess(db, acc)).codes };
  }
  const saved = await savedDefault(db, target.id, target.codes);
  if (saved) return { applicationCode: saved.code, path: saved.path };
  const page = firstPage(buildTree(await loadAppRows(db), target.codes), target.accountType);
  return page ? { applicationCode: page.applicationCode, path: page.path } : null;
}

/** Menu visits (SPEC §2: clicking an entry logs the visit); only entries the account holds. */
export async function saveActLog(db: Db, auth: AuthContext, modeCode: string): Promise<void> {
  if (!auth.codes.has(modeCode)) throw new AppError(ErrorCodes.PARAM_ERROR);
  await db.insert(actLog).values({ accountId: auth.id, tenantId: auth.tenantId, modeCode });
}

export async function queryParam(db: Db, q: { pageNo: number; pageSize: number; paramGroupCode: string }): Promise<Page<ParamRow>> {
  const { total, rows: list } = await readPage(db, params, eq(params.paramGroupCode, q.paramGroupCode), q, (where) =>
    db
      .select({ paramCode: params.paramCode, paramValue: params.paramValue, paramOther: params.paramOther })
      .from(params)
      .where(where)
      .orderBy(asc(params.seqNo), asc(params.paramCode))
      .$dynamic(),
  );
  return pageAnswer(q, total, list);
}
