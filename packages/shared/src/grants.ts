import { APP_CATALOGUE, FARM_APPS, flattenApps } from './permissions.js';

/**
 * What the catalogue grants (permissions.ts holds the catalogue itself): the codes a tenant's
 * modules open, what counts as administration and what a farm worker holds.
 */
/** Application codes a tenant module grants (tenants are given modules by the platform). */
export const TENANT_MODULES = ['pig', 'chicken', 'group'] as const;
export type TenantModule = (typeof TENANT_MODULES)[number];

/**
 * The application codes a tenant's modules open (before any role narrows them): pig and chicken
 * entries need their module, group-level entries the group module, farm-level common entries
 * either farm module; platform entries never.
 */
export function codesForModules(modules: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const n of flattenApps(APP_CATALOGUE)) {
    if (n.scope === 'platform') continue;
    if (n.scope === 'group' && !modules.includes('group')) continue;
    if (n.funType === 'pig' && !modules.includes('pig')) continue;
    if (n.funType === 'chicken' && !modules.includes('chicken')) continue;
    if (n.funType === 'common' && n.scope === 'farm' && !modules.includes('pig') && !modules.includes('chicken')) continue;
    out.add(n.code);
  }
  return out;
}

/**
 * Administration: accounts and roles, farms and sheds, the device registry and firmware, alarm and
 * push configuration, security settings and the tenant's operation log. An ordinary account
 * (CONTRACT §5) works with its farm's screens and production entry and holds none of these; a
 * role holding them is for the farm's manager.
 */
export const ADMINISTRATION_APPS: readonly string[] = [
  'usermanagement',
  'housemanagement',
  'device-mng',
  'device.upgrade',
  'warningmanagement.warningconfiguration',
  'pushmanagement',
  'safe-control.settings',
  'safe-oplog',
];

export function isAdministration(code: string): boolean {
  return ADMINISTRATION_APPS.some((root) => code === root || code.startsWith(`${root}.`));
}

/**
 * What a farm worker of one farm mode holds: every farm-level entry of that mode (and common
 * ones) that is not administration. A menu group is listed only when nothing under it is
 * administration or of the other mode, since binding a group grants everything under it.
 */
export function workerApps(mode: 'pig' | 'chicken'): string[] {
  const other = mode === 'pig' ? 'chicken' : 'pig';
  return flattenApps(FARM_APPS)
    .filter((n) => flattenApps([n]).every((m) => m.funType !== other && !isAdministration(m.code)))
    .map((n) => n.code);
}
