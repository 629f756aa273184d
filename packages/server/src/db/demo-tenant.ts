import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowExists } from '../lib/row-exists.js';
import type { Db } from './client.js';
import { farms, sheds, tenants } from './tables.js';
import { DEMO_TENANT } from './demo-codes.js';

/**
 * How the demo seeds find what the base seed made (CONTRACT §5): the demo tenant, its farms and a
 * house by name. Each answers null (or none) when the demo is not there, and the seed then does
 * nothing: an operator who deleted the demo tenant does not get it back in pieces.
 */
export async function demoTenantId(db: Db): Promise<number | null> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, DEMO_TENANT));
  return tenant?.id ?? null;
}

/**
 * The demo tenant for a seed step that writes its rows of one table once: null when the demo is
 * not there or the table of `tenantCol` (its tenant column) already holds a row of it.
 */
export async function demoTenantToSeed(db: Db, tenantCol: PgColumn): Promise<number | null> {
  const tenantId = await demoTenantId(db);
  if (tenantId === null) return null;
  return (await rowExists(db, tenantCol, [eq(tenantCol, tenantId)])) ? null : tenantId;
}

export interface DemoFarm {
  id: number;
  tenantId: number;
  farmName: string;
  timeZone: string;
}

/** The demo tenant's farms, oldest first. */
export async function demoFarms(db: Db): Promise<DemoFarm[]> {
  return db
    .select({ id: farms.id, tenantId: farms.tenantId, farmName: farms.farmName, timeZone: farms.timeZone })
    .from(farms)
    .innerJoin(tenants, eq(tenants.id, farms.tenantId))
    .where(eq(tenants.name, DEMO_TENANT))
    .orderBy(asc(farms.id));
}

export interface DemoHouse {
  id: number;
  farmId: number;
  tenantId: number;
}

/** A house of the demo tenant by its name (the seeds' fixed houses, such as "Farrowing 1"). */
export async function demoHouse(db: Db, shedName: string): Promise<DemoHouse | null> {
  const [house] = await db
    .select({ id: sheds.id, farmId: sheds.farmId, tenantId: sheds.tenantId })
    .from(sheds)
    .innerJoin(tenants, eq(tenants.id, sheds.tenantId))
    .where(and(eq(tenants.name, DEMO_TENANT), eq(sheds.shedName, shedName)));
  return house ?? null;
}
