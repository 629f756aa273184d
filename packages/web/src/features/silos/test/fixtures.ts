import type { SiloRow, SiloStatusRow } from '@farmsense/shared';

/** Silos as the API answers them, for the feature's component tests. */
export const siloRow = (over: Partial<SiloRow> = {}): SiloRow => ({
  id: 1,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  name: 'Silo 1',
  capacityKg: 12_000,
  emptyPct: 10,
  fullPct: 95,
  leadDays: 3,
  sheds: [{ id: 7, shedName: 'Finisher A' }],
  gatewayId: 40,
  gatewayCode: 'fs-weigh01',
  gatewayName: 'Tower scales',
  channel: 1,
  updatedAt: Date.parse('2026-03-01T08:00:00Z'),
  ...over,
});

export const statusRow = (over: Partial<SiloStatusRow> = {}): SiloStatusRow => ({
  ...siloRow(),
  weightKg: 4_000,
  fillPct: 33.3,
  level: 'normal',
  weightState: 'stable',
  action: 'unloading',
  lastTs: Date.parse('2026-03-01T08:00:00Z'),
  todayConsumedKg: 640,
  lastDelivery: { ts: Date.parse('2026-02-27T10:00:00Z'), kg: 6_000 },
  forecast: { soonestDays: 3, latestDays: 4, highRateKg: 1_100, meanRateKg: 1_000, reorder: true },
  ...over,
});
