import { describe, expect, it } from 'vitest';
import { appByCode } from '@farmsense/shared';
import { DOUBLE_CODES, ROUTE_FEATURES, ROUTE_REGISTRY } from './registry';

/** Feature folders with pages (features/<m>/pages/*.tsx). */
const PAGE_FEATURES = [
  ...new Set(Object.keys(import.meta.glob('../../features/*/pages/*.tsx')).map((f) => /features\/([^/]+)\//.exec(f)![1]!)),
].sort();

describe('route registry (each feature registers its pages in routes.ts)', () => {
  it('gathers the pages of every feature folder that has pages', () => {
    expect([...ROUTE_FEATURES].sort()).toEqual(PAGE_FEATURES);
  });

  it('has no application code registered twice', () => {
    expect(DOUBLE_CODES).toEqual([]);
  });

  it('registers only application codes of the catalogue (packages/shared/src/permissions.ts)', () => {
    const unknown = Object.keys(ROUTE_REGISTRY).filter((code) => !appByCode(code));
    expect(unknown).toEqual([]);
  });

  it('keeps the pages the console had (controllers, poultry reports, embedded status)', () => {
    expect(Object.keys(ROUTE_REGISTRY).length).toBeGreaterThan(90);
    expect(ROUTE_REGISTRY['device-running-status.controller.iframe']?.fullscreen).toBe(true);
    expect(ROUTE_REGISTRY['ci18.business.field-energy']).toBeDefined();
    expect(ROUTE_REGISTRY['pig.env1.stats']).toBeDefined();
  });
});
