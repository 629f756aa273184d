import { eq } from 'drizzle-orm';
import { AccountType, workerApps } from '@farmsense/shared';
import type { Db } from './client.js';
import { hashPassword } from '../lib/passwords.js';
import { DEMO_CHECK_CODE, DEMO_TENANT } from './demo-codes.js';
import { seedProduction } from './seed-production.js';
import { seedAlarmRules } from './seed-alarms.js';
import { seedPushConfig } from './seed-push.js';
import { seedControl } from './seed-control.js';
import { seedFeedingPlans, seedFeeds } from './seed-feeding.js';
import { seedFeedingStandards } from './seed-feeding-standards.js';
import { seedMealAdjusts } from './seed-meal-adjusts.js';
import { demoNetworkDevices } from './seed-network.js';
import {
  accountFarms,
  accountRoles,
  accounts,
  farms,
  gateways,
  networkDevices,
  pens,
  roleApps,
  roles,
  sheds,
  systemAuth,
  tenants,
} from './tables.js';

export const DEMO_PASSWORD = 'Demo@12345';
/** The demo gateways' connection check code (CONTRACT §5), stored hashed like any other. */
export { DEMO_CHECK_CODE };

/** CONTRACT §5 demo data, written once on an empty database (no accounts yet). */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.select({ id: accounts.id }).from(accounts).limit(1);
  if (existing.length > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  const demoCheckCode = await hashPassword(DEMO_CHECK_CODE);
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({
      tenantId: null,
      accountCode: 'platform',
      accountName: 'Platform Operator',
      passwordHash: hash,
      mustChangePassword: false,
      accountType: AccountType.PLATFORM,
      phoneNo: '13800000000',
    });
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: DEMO_TENANT,
        contact: 'Li Wei',
        phone: '13800000001',
        address: 'Demo Road 1',
        modules: ['pig', 'chicken', 'group'],
      })
      .returning();
    const tenantId = tenant!.id;
    await tx.insert(systemAuth).values({ tenantId, userNum: null, farmNum: null, deviceNum: null, isOpenApi: false });

    const [admin, pigUser, chickenUser, trainee] = await tx
      .insert(accounts)
      .values([
        {
          tenantId,
          accountCode: 'demo',
          accountName: 'Demo Admin',
          passwordHash: hash,
          mustChangePassword: false,
          accountType: AccountType.TENANT_ADMIN,
          phoneNo: '13800000002',
          email: 'demo@example.com',
        },
        {
          tenantId,
          accountCode: 'pig',
          accountName: 'Pig Keeper',
          passwordHash: hash,
          mustChangePassword: false,
          accountType: AccountType.TENANT_ORDINARY,
          phoneNo: '13800000003',
        },
        {
          tenantId,
          accountCode: 'chicken',
          accountName: 'Poultry Keeper',
          passwordHash: hash,
          mustChangePassword: false,
          accountType: AccountType.TENANT_ORDINARY,
          phoneNo: '13800000004',
        },
        // A newly added staff member who has not signed in yet: shows the forced first-login change.
        {
          tenantId,
          accountCode: 'trainee',
          accountName: 'New Trainee',
          passwordHash: hash,
          mustChangePassword: true,
          accountType: AccountType.TENANT_ORDINARY,
          phoneNo: '13800000005',
        },
      ])
      .returning();

    const [pigFarm, poultryFarm] = await tx
      .insert(farms)
      .values([
        {
          tenantId,
          farmName: 'Demo Pig Farm',
          type: 1,
          scale: 3,
          address: 'Pig Valley 8',
          personInCharge: 'Zhang Min',
          contact: 'Zhang Min',
          phone: '13800000010',
          areaCode: '+86',
          timeZone: 'Asia/Shanghai',
          timeZoneName: 'China Standard Time',
          adminAccountId: admin!.id,
        },
        {
          tenantId,
          farmName: 'Demo Poultry Farm',
          type: 2,
          scale: 6,
          address: 'Hen Hill 3',
          personInCharge: 'Chen Hua',
          contact: 'Chen Hua',
          phone: '13800000020',
          areaCode: '+86',
          timeZone: 'Asia/Shanghai',
          timeZoneName: 'China Standard Time',
          adminAccountId: admin!.id,
        },
      ])
      .returning();

    const pigSheds = await tx
      .insert(sheds)
      .values([
        { tenantId, farmId: pigFarm!.id, shedName: 'Farrowing 1', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1 },
        { tenantId, farmId: pigFarm!.id, shedName: 'Nursery 1', shedType: 3, areaNum: 1, buildingNum: 2, shedNum: 1 },
        { tenantId, farmId: pigFarm!.id, shedName: 'Fattening 1', shedType: 4, areaNum: 2, buildingNum: 1, shedNum: 1 },
      ])
      .returning();
    const poultrySheds = await tx
      .insert(sheds)
      .values([
        { tenantId, farmId: poultryFarm!.id, shedName: 'Broiler House 1', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 1 },
        { tenantId, farmId: poultryFarm!.id, shedName: 'Broiler House 2', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 2 },
        { tenantId, farmId: poultryFarm!.id, shedName: 'Layer House 1', shedType: 1002, areaNum: 1, buildingNum: 2, shedNum: 1 },
      ])
      .returning();

    const penRows = [...pigSheds, ...poultrySheds].flatMap((s) =>
      [1, 2, 3, 4].map((n) => ({ tenantId, shedId: s.id, fieldColumn: n, field: 1, name: null })),
    );
    await tx.insert(pens).values(penRows);

    await tx.insert(networkDevices).values(demoNetworkDevices(tenantId, pigFarm!.id, poultryFarm!.id));

    const allSheds = [...pigSheds, ...poultrySheds];
    await tx.insert(gateways).values(
      allSheds.map((s, i) => ({
        tenantId,
        farmId: s.farmId,
        shedId: s.id,
        code: `fs-demo${String(i + 1).padStart(2, '0')}`,
        name: `${s.shedName} controller`,
        gatewayType: 101,
        deviceCategory: s.farmId === pigFarm!.id ? 201 : 200,
        model: 'FS-ENV-8',
        serialNo: `SN-DEMO-${String(i + 1).padStart(4, '0')}`,
        checkCode: demoCheckCode,
      })),
    );

    // The demo's ordinary accounts are farm workers (CONTRACT §5): their farm's screens and
    // production entry, nothing of administration (shared workerApps). A role bound to a menu
    // group holds everything under it, so groups mixing in other entries are bound entry by entry.
    const pigCodes = workerApps('pig');
    const chickenCodes = workerApps('chicken');
    const [pigRole, chickenRole] = await tx
      .insert(roles)
      .values([
        { tenantId, roleName: 'Pig staff', type: 'farm' },
        { tenantId, roleName: 'Poultry staff', type: 'farm' },
      ])
      .returning();
    await tx
      .insert(roleApps)
      .values([
        ...pigCodes.map((appCode) => ({ roleId: pigRole!.id, appCode, ops: ['view', 'add', 'edit', 'delete', 'control'] })),
        ...chickenCodes.map((appCode) => ({ roleId: chickenRole!.id, appCode, ops: ['view', 'add', 'edit', 'delete', 'control'] })),
      ]);
    await tx.insert(accountRoles).values([
      { accountId: pigUser!.id, roleId: pigRole!.id },
      { accountId: chickenUser!.id, roleId: chickenRole!.id },
      { accountId: trainee!.id, roleId: pigRole!.id },
    ]);
    await tx.insert(accountFarms).values([
      { accountId: pigUser!.id, farmId: pigFarm!.id },
      { accountId: chickenUser!.id, farmId: poultryFarm!.id },
      { accountId: trainee!.id, farmId: pigFarm!.id },
      { accountId: admin!.id, farmId: pigFarm!.id },
      { accountId: admin!.id, farmId: poultryFarm!.id },
    ]);
    await tx.update(tenants).set({ createdBy: admin!.id }).where(eq(tenants.id, tenantId));
  });
  // Flocks and daily records of the poultry farm, placed where the demo controllers' batches are.
  await seedProduction(db);
  // Alarm rules per shed type and age stage; their history follows the readings (services.ts).
  await seedAlarmRules(db);
  // A push strategy and phone configuration per farm; their outbox history follows the alarms (services.ts).
  await seedPushConfig(db);
  // Each demo controller's day-age curve, acknowledged (remote control).
  await seedControl(db);
  // The feed catalogue of both farms (issue 15).
  await seedFeeds(db);
  await seedFeedingStandards(db);
  await seedFeedingPlans(db);
  await seedMealAdjusts(db);
  return true;
}
