import { belongsTo } from './columns.js';
import { farms, sheds } from './farms.js';
import { tenants } from './tenants.js';

/**
 * The ownership columns of the modules' tables, declared once (drizzle's shared column builders,
 * spread or named into a table): the tenant, farm and house a row belongs to, each required and
 * deleted with its owner. The core schema files (./tenants.ts, ./farms.ts, ...) declare their own,
 * as this file imports them.
 */
export const tenantId = belongsTo('tenant_id', () => tenants.id);
export const farmId = belongsTo('farm_id', () => farms.id);
export const shedId = belongsTo('shed_id', () => sheds.id);

/** A farm's row: its tenant and farm. */
export const inFarm = { tenantId, farmId };

/** A house's row: its tenant, farm and house. */
export const inShed = { tenantId, farmId, shedId };
