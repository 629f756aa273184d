import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client.js';
import { DEMO_FEEDER_HOUSE } from './demo-codes.js';
import { demoHouse } from './demo-tenant.js';
import { feedDevices, feedPositions, feedRacks, pens } from './tables.js';

/**
 * The demo sow farm's feeding racks (issue 15): in "Farrowing 1" each pen (a row of six farrowing
 * crates) gets one rack, "Row N crates", whose positions are the crate numbers of the row, and each
 * crate feeder of seed-feed-devices.ts ("Crate n", device number n) stands at position n. So the
 * rack management, the feeder column view and the relation screens show the house as it is on
 * first start. Once: false when the demo house, its feeders or racks are missing or exist.
 */

export async function seedDemoRacks(db: Db): Promise<boolean> {
  const house = await demoHouse(db, DEMO_FEEDER_HOUSE);
  if (!house) return false;
  const [done] = await db.select({ id: feedRacks.id }).from(feedRacks).where(eq(feedRacks.shedId, house.id)).limit(1);
  if (done) return false;
  const feeders = await db
    .select({ id: feedDevices.id, penId: feedDevices.penId, no: feedDevices.deviceNo })
    .from(feedDevices)
    .where(and(eq(feedDevices.shedId, house.id), eq(feedDevices.kind, 'feeder')))
    .orderBy(asc(feedDevices.deviceNo));
  const placed = feeders.flatMap((f) => (f.penId !== null && /^\d+$/.test(f.no) ? [{ id: f.id, penId: f.penId, no: Number(f.no) }] : []));
  if (placed.length === 0) return false;
  const penIds = [...new Set(placed.map((f) => f.penId))];
  const penRows = await db.select({ id: pens.id, column: pens.fieldColumn }).from(pens).where(inArray(pens.id, penIds));
  await db.transaction(async (tx) => {
    for (const pen of penRows.sort((a, b) => a.column - b.column)) {
      const crates = placed.filter((f) => f.penId === pen.id).sort((a, b) => a.no - b.no);
      const startNo = crates[0]!.no;
      const endNo = crates.at(-1)!.no;
      const [rack] = await tx
        .insert(feedRacks)
        .values({
          tenantId: house.tenantId,
          farmId: house.farmId,
          shedId: house.id,
          penId: pen.id,
          name: `Row ${pen.column} crates`,
          startNo,
          endNo,
        })
        .returning({ id: feedRacks.id });
      const at = new Map(crates.map((c) => [c.no, c.id]));
      await tx.insert(feedPositions).values(
        Array.from({ length: endNo - startNo + 1 }, (_, i) => ({
          tenantId: house.tenantId,
          shedId: house.id,
          rackId: rack!.id,
          positionNo: startNo + i,
          feederId: at.get(startNo + i) ?? null,
        })),
      );
    }
  });
  return true;
}
