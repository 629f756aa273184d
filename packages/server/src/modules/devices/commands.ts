import { eq } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type ControllerCommandAnswer,
  type ControllerCommandBody,
  type ControllerCommandOp,
} from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { farms, gatewayStatus } from '../../db/tables.js';
import type { IotLink } from '../../iot/link.js';
import { visibleGateway, type Scope } from '../../scope/index.js';

/**
 * Device-management commands to one gateway over CONTRACT §4 (`fs/{code}/cmd`, answered on
 * `ack`). Refusals, in the order they are checked:
 * - 200323 the operation's parameters are incomplete (`params.read` without `keys`);
 * - 20086 the gateway's link cannot be used: it is disabled (the broker refuses it), or this
 *   process has no device link running;
 * - 203342 the gateway is offline, or sent no ack in time;
 * - 20048 the gateway answered that it could not do it (ack `ok: false`).
 */
const PARAM_KEY = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
const MAX_KEYS = 100;
const ACK_TIMEOUT_MS = 10_000;

/** The params sent with `op`: built by the server, or checked from the caller's (200323). */
function paramsFor(op: ControllerCommandOp, given: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  if (op === 'time.sync') return { ts: Date.now(), tz: timeZone };
  const keys = given.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new AppError(ErrorCodes.PARAMS_INCOMPLETE);
  if (keys.length > MAX_KEYS || !keys.every((k): k is string => typeof k === 'string' && PARAM_KEY.test(k)))
    throw new AppError(ErrorCodes.PARAM_ERROR);
  return { keys: [...new Set(keys)] };
}

export async function controllerCommand(
  database: Database,
  link: IotLink,
  scope: Scope,
  tenantId: number,
  b: ControllerCommandBody,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<ControllerCommandAnswer> {
  const { db } = database;
  const gw = await visibleGateway(scope, { id: b.id });
  const [farm] = gw.farmId === null ? [] : await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, gw.farmId));
  const params = paramsFor(b.op, b.params, farm?.timeZone ?? 'UTC');
  if (!gw.enabled || !link.running) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED);
  const [status] = await db.select({ online: gatewayStatus.online }).from(gatewayStatus).where(eq(gatewayStatus.gatewayId, gw.id));
  if (!status?.online) throw new AppError(ErrorCodes.DEVICE_OFFLINE);
  const ack = await link.sendCommand(gw.code, b.op, params, timeoutMs);
  if (!ack.ok) throw new AppError(ErrorCodes.SUB_DEVICE_OP_FAILED);
  return { data: ack.data };
}
