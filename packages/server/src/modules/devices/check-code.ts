import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gateways } from '../../db/tables.js';
import { hashCheckCode, newCheckCode } from '../../lib/check-codes.js';
import { visibleGateway, type Scope } from '../../scope/index.js';
import type { Changed } from './controllers.js';
import { changedBy } from '../../db/schema/columns.js';

/**
 * Replaces a gateway's check code with a new random one and answers it, once (the registry keeps
 * only its hash, lib/check-codes.ts). The live session signed in with the old code is closed: the
 * device must reconnect with the new one.
 */
export async function regenerateCheckCode(
  db: Db,
  scope: Scope,
  tenantId: number,
  id: number,
  changed: Changed,
): Promise<{ checkCode: string }> {
  const gw = await visibleGateway(scope, { id });
  const checkCode = newCheckCode();
  const stored = await hashCheckCode(checkCode);
  await db
    .update(gateways)
    .set({ checkCode: stored, ...changedBy(scope) })
    .where(and(eq(gateways.id, gw.id), eq(gateways.tenantId, tenantId)));
  changed(gw.code, { gatewayId: gw.id });
  return { checkCode };
}
