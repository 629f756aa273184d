import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { belongsTo, stamps } from './columns.js';
import { tenants } from './tenants.js';
import { accounts } from './accounts.js';

// The farm tree (farm, shed, pen), which part of it an account sees, and the gateways in it.

export const farms = pgTable(
  'farms',
  {
    id: serial('id').primaryKey(),
    tenantId: belongsTo('tenant_id', () => tenants.id),
    farmName: text('farm_name').notNull(),
    /** 1 pig, 2 poultry, 3 cattle. */
    type: smallint('type').notNull(),
    scale: smallint('scale'),
    address: text('address'),
    personInCharge: text('person_in_charge'),
    contact: text('contact'),
    areaCode: text('area_code'),
    phone: text('phone'),
    adminAccountId: integer('admin_account_id'),
    state: smallint('state').notNull().default(1),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    timeZoneName: text('time_zone_name'),
    ...stamps,
  },
  (t) => [uniqueIndex('farms_tenant_name_uq').on(t.tenantId, t.farmName)],
);

export const accountFarms = pgTable(
  'account_farms',
  {
    accountId: belongsTo('account_id', () => accounts.id),
    farmId: belongsTo('farm_id', () => farms.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.farmId] })],
);

export const sheds = pgTable(
  'sheds',
  {
    id: serial('id').primaryKey(),
    tenantId: belongsTo('tenant_id', () => tenants.id),
    farmId: belongsTo('farm_id', () => farms.id),
    shedName: text('shed_name').notNull(),
    /** Poultry 1001-2000, pig 0-7 (SPEC §3). */
    shedType: integer('shed_type').notNull(),
    areaNum: integer('area_num').notNull().default(0),
    buildingNum: integer('building_num').notNull().default(0),
    shedNum: integer('shed_num').notNull().default(0),
    ...stamps,
  },
  (t) => [index('sheds_farm_idx').on(t.farmId)],
);

/** When an account has rows here for a farm, it sees only those sheds of that farm. */
export const accountSheds = pgTable(
  'account_sheds',
  {
    accountId: belongsTo('account_id', () => accounts.id),
    shedId: belongsTo('shed_id', () => sheds.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.shedId] })],
);

export const pens = pgTable(
  'pens',
  {
    id: serial('id').primaryKey(),
    tenantId: belongsTo('tenant_id', () => tenants.id),
    shedId: belongsTo('shed_id', () => sheds.id),
    /** Pen (column) number and row ("field"); 0 means blank. */
    fieldColumn: integer('field_column').notNull().default(0),
    field: integer('field').notNull().default(0),
    name: text('name'),
    ...stamps,
  },
  (t) => [index('pens_shed_idx').on(t.shedId)],
);

/** When an account has rows here for a shed, it sees only those pens of that shed. */
export const accountPens = pgTable(
  'account_pens',
  {
    accountId: belongsTo('account_id', () => accounts.id),
    penId: belongsTo('pen_id', () => pens.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.penId] })],
);

/** A gateway (controller, DTU, feeder main unit, meter hub) that speaks CONTRACT §4. */
export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    tenantId: belongsTo('tenant_id', () => tenants.id),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    shedId: integer('shed_id').references(() => sheds.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    gatewayType: integer('gateway_type').notNull(),
    deviceCategory: integer('device_category'),
    model: text('model'),
    serialNo: text('serial_no'),
    checkCode: text('check_code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Where a bus controller (the 4008 family) sits: the network device it is wired to (a
     * network_devices id of the same tenant; cleared when that device is deleted), the port there
     * and its communication point number on that port, unique per network device and port.
     */
    networkId: integer('network_id'),
    port: integer('port'),
    commPointNo: integer('comm_point_no'),
    /** The DTU gateway (type 1000) a sub-device reports through. */
    parentId: integer('parent_id').references((): AnyPgColumn => gateways.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('gateways_code_uq').on(t.code),
    index('gateways_shed_idx').on(t.shedId),
    uniqueIndex('gateways_comm_point_uq').on(t.networkId, t.port, t.commPointNo),
    index('gateways_parent_idx').on(t.parentId),
  ],
);
