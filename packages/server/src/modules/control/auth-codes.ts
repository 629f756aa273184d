import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AUTH_CODE_LIMITS,
  ErrorCodes,
  SETTING_GROUPS,
  type AuthCodeEnableBody,
  type AuthCodeGenerateBody,
  type AuthCodeGenerated,
  type AuthCodePageQuery,
  type AuthCodeRow,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, controlAuthCodes, sheds } from '../../db/tables.js';
import { refusal, seesShed, tenantIdOf, visibleSheds, type Scope } from '../../scope/index.js';
import { authCodeHash } from './verify.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Authorization codes (/safe-control/settings): an administrator generates one for some houses
 * (and optionally some setting groups) with a validity in minutes, hands it to whoever acts on
 * site, and may disable or re-enable it. The code is answered once, at generation; the table keeps
 * only its hash. An administrator sees and changes the codes whose houses it all sees.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  let s = '';
  for (let i = 0; i < AUTH_CODE_LIMITS.length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

export async function generateAuthCode(db: Db, scope: Scope, b: AuthCodeGenerateBody): Promise<AuthCodeGenerated> {
  const tenantId = tenantIdOf(scope);
  await visibleSheds(scope, b.shedIds);
  const expiresAt = new Date(Date.now() + b.validMinutes * 60_000);
  // A collision of two live codes' hashes is astronomically rare; the unique index makes it a retry.
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const [row] = await db
      .insert(controlAuthCodes)
      .values({
        tenantId,
        codeHash: authCodeHash(tenantId, code),
        shedIds: b.shedIds,
        actions: b.actions ? [...new Set(b.actions)] : null,
        validMinutes: b.validMinutes,
        expiresAt,
        remark: b.remark ?? null,
        ...addedBy(scope),
      })
      .onConflictDoNothing()
      .returning({ id: controlAuthCodes.id });
    if (row) return { id: row.id, code, expiresAt: expiresAt.getTime() };
    if (attempt >= 3) throw new Error('no free authorization code');
  }
}

/** The tenant's codes whose houses the account all sees, newest first, with the house names. */
async function visibleCodes(db: Db, scope: Scope) {
  const tenantId = tenantIdOf(scope);
  const rows = await db
    .select({ c: controlAuthCodes, createdByName: accounts.accountName })
    .from(controlAuthCodes)
    .leftJoin(accounts, eq(accounts.id, controlAuthCodes.createdBy))
    .where(eq(controlAuthCodes.tenantId, tenantId))
    .orderBy(desc(controlAuthCodes.id));
  const ids = [...new Set(rows.flatMap((r) => r.c.shedIds))];
  const shedRows = ids.length
    ? await db
        .select({ id: sheds.id, farmId: sheds.farmId, name: sheds.shedName })
        .from(sheds)
        .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.id, ids)))
    : [];
  const byId = new Map(shedRows.map((s) => [s.id, s]));
  // A deleted house no longer limits who sees the code; one of another farm the account lacks does.
  const visible = rows.filter((r) =>
    r.c.shedIds.every((id) => {
      const s = byId.get(id);
      return !s || seesShed(scope, s.farmId, s.id);
    }),
  );
  return { visible, byId };
}

export async function authCodePage(db: Db, scope: Scope, q: AuthCodePageQuery): Promise<Page<AuthCodeRow>> {
  const { visible, byId } = await visibleCodes(db, scope);
  const now = Date.now();
  const list = visible.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize).map(({ c, createdByName }) => ({
    id: c.id,
    shedIds: c.shedIds,
    shedNames: c.shedIds.flatMap((id) => {
      const s = byId.get(id);
      return s ? [s.name] : [];
    }),
    actions: c.actions === null ? null : SETTING_GROUPS.filter((g) => c.actions?.includes(g)),
    validMinutes: c.validMinutes,
    expiresAt: c.expiresAt.getTime(),
    expired: c.expiresAt.getTime() <= now,
    enabled: c.enabled,
    uses: c.uses,
    lastUsedAt: c.lastUsedAt ? c.lastUsedAt.getTime() : null,
    remark: c.remark,
    createdAt: c.createdAt.getTime(),
    createdByName: createdByName ?? null,
  }));
  return { list, total: visible.length, pageNo: q.pageNo, pageSize: q.pageSize };
}

export async function enableAuthCode(db: Db, scope: Scope, b: AuthCodeEnableBody): Promise<void> {
  const { visible } = await visibleCodes(db, scope);
  if (!visible.some((r) => r.c.id === b.id)) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'authCode', id: b.id });
  await db
    .update(controlAuthCodes)
    .set({ enabled: b.enabled, ...changedBy(scope) })
    .where(and(eq(controlAuthCodes.id, b.id), eq(controlAuthCodes.tenantId, tenantIdOf(scope))));
}

/** One more use of the code (an apply or restore confirmed with it). */
export async function countUse(db: Db, id: number): Promise<void> {
  await db
    .update(controlAuthCodes)
    .set({ uses: sql`${controlAuthCodes.uses} + 1`, lastUsedAt: new Date() })
    .where(eq(controlAuthCodes.id, id));
}
