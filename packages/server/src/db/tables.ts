/** Every table, for drizzle-kit and the typed client. Modules append their `tables.ts` here. */
export * from './schema.js';
export * from '../modules/telemetry/tables.js';
export * from '../modules/devices/tables.js';
export * from '../modules/production/tables.js';
export * from '../modules/auth/tables.js';
export * from '../modules/alarms/tables.js';
export * from '../modules/alarms/push/tables.js';
export * from '../modules/control/tables.js';
export * from '../modules/silos/tables.js';
export * from '../modules/feeding/tables.js';
