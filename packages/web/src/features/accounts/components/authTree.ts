import type { FarmAuthorization, HierarchyFarm } from '@farmsense/shared';
import type { FarmGrant } from '../api';

/**
 * The farm -> shed -> pen authorization as tree keys and back. The tree cascades: a checked farm
 * checks its sheds and pens, and a farm whose every shed is checked counts as checked. Saving
 * follows the server's rule (farmAndShedAuthorization): a fully checked farm is granted whole, so
 * sheds added later are included; otherwise its fully checked sheds are granted whole, and the
 * pens checked in the other sheds narrow those sheds to them.
 */
export const farmKey = (id: number): string => `f:${id}`;
export const shedKey = (id: number): string => `s:${id}`;
export const penKey = (id: number): string => `p:${id}`;

/** Every key a saved authorization checks (parents included, as the tree shows them). */
export function checkedKeysOf(tree: HierarchyFarm[], authorization: FarmAuthorization[]): string[] {
  const out: string[] = [];
  for (const grant of authorization) {
    const farm = tree.find((f) => f.farmId === grant.farmId);
    if (!farm) continue;
    const whole = grant.shedIds.length === 0 && grant.penIds.length === 0;
    if (whole) out.push(farmKey(farm.farmId));
    const pens = new Set(grant.penIds);
    for (const shed of farm.sheds) {
      if (!whole && !grant.shedIds.includes(shed.tid)) continue;
      const narrowed = whole ? [] : shed.pens.filter((p) => pens.has(p.id));
      if (narrowed.length > 0) {
        out.push(...narrowed.map((p) => penKey(p.id)));
      } else {
        out.push(shedKey(shed.tid), ...shed.pens.map((p) => penKey(p.id)));
      }
    }
  }
  return out;
}

/** The body of farmAndShedAuthorization for the checked keys; farms with nothing checked are left out. */
export function grantsOf(tree: HierarchyFarm[], checkedKeys: Iterable<string>): FarmGrant[] {
  const checked = new Set(checkedKeys);
  const grants: FarmGrant[] = [];
  for (const farm of tree) {
    const shedIds: number[] = [];
    const penIds: number[] = [];
    for (const shed of farm.sheds) {
      const pens = shed.pens.filter((p) => checked.has(penKey(p.id)));
      const full = checked.has(shedKey(shed.tid)) || (shed.pens.length > 0 && pens.length === shed.pens.length);
      if (full) shedIds.push(shed.tid);
      else penIds.push(...pens.map((p) => p.id));
    }
    const whole = checked.has(farmKey(farm.farmId)) || (farm.sheds.length > 0 && shedIds.length === farm.sheds.length);
    if (whole) grants.push({ farmId: farm.farmId });
    else if (shedIds.length > 0 || penIds.length > 0) {
      grants.push({ farmId: farm.farmId, ...(shedIds.length ? { shedIds } : {}), ...(penIds.length ? { penIds } : {}) });
    }
  }
  return grants;
}

/** How much of each farm a set of keys grants, for the summary under the tree. */
export type GrantExtent =
  { farmId: number; farmName: string; whole: true } | { farmId: number; farmName: string; whole: false; sheds: number; pens: number };

export function extentOf(tree: HierarchyFarm[], grants: FarmGrant[]): GrantExtent[] {
  return grants.map((g) => {
    const farm = tree.find((f) => f.farmId === g.farmId)!;
    if (!g.shedIds && !g.penIds) return { farmId: g.farmId, farmName: farm.farmName, whole: true };
    const penIds = new Set(g.penIds ?? []);
    const partial = farm.sheds.filter((s) => s.pens.some((p) => penIds.has(p.id))).length;
    return { farmId: g.farmId, farmName: farm.farmName, whole: false, sheds: (g.shedIds?.length ?? 0) + partial, pens: penIds.size };
  });
}
