import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Timestamps are timestamptz read as Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When a row was made and last changed (both set to now on insert). */
export const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

/**
 * Who changed a row and when: every tenant-owned row carries these (as in LiteFarm), so the
 * record answers "who changed what" without the audit log.
 */
export const stamps = {
  ...timestamps,
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

/** The `stamps` of a row the signed-in account (`scope.id`) adds: it made it and changed it last. */
export const addedBy = (scope: { id: number }) => ({ createdBy: scope.id, updatedBy: scope.id });

/** The `stamps` of a row the signed-in account changes now. */
export const changedBy = (scope: { id: number }) => ({ updatedBy: scope.id, updatedAt: new Date() });

/** The row this one belongs to (its tenant, farm, shed, flock...): required, and deleted with it. */
export const belongsTo = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: 'cascade' });

/** A one-to-one extension of another row: keyed by that row's id, and deleted with it. */
export const extensionOf = (name: string, target: () => AnyPgColumn) =>
  integer(name).primaryKey().references(target, { onDelete: 'cascade' });
