import { APP_OPERATIONS, type AppOperation, type BindableApp, type FunType, type RoleAppOps } from '@farmsense/shared';
import type { RoleBinding } from '../api';

/**
 * A role's operation rights per application, as the permissions table edits them. Binding a menu
 * group grants everything under it (the server closes over the tree), so the rows under a bound
 * group show as included and are not bound on their own. "View" is the base right: a bound row
 * always has it, and taking it away unbinds the row.
 */
export type Bindings = Readonly<Record<string, readonly AppOperation[]>>;

export interface PermRow {
  key: string;
  id: number;
  funType: FunType;
  children?: PermRow[];
}

export interface AppIndex {
  ids: Map<string, number>;
  parentOf: Map<string, string | null>;
  /** Codes in menu order, for stable request bodies. */
  order: string[];
}

export function indexApps(apps: BindableApp[]): AppIndex {
  const ids = new Map<string, number>();
  const parentOf = new Map<string, string | null>();
  const order: string[] = [];
  const walk = (list: BindableApp[], parent: string | null): void => {
    for (const a of list) {
      ids.set(a.code, a.applicationInfoId);
      parentOf.set(a.code, parent);
      order.push(a.code);
      walk(a.children, a.code);
    }
  };
  walk(apps, null);
  return { ids, parentOf, order };
}

/** Table rows; a leaf has no `children`, so the table shows no expander for it. */
export function rowsOf(apps: BindableApp[]): PermRow[] {
  return apps.map((a) => ({
    key: a.code,
    id: a.applicationInfoId,
    funType: a.funType,
    ...(a.children.length > 0 ? { children: rowsOf(a.children) } : {}),
  }));
}

const ordered = (ops: Iterable<AppOperation>): AppOperation[] => {
  const set = new Set(ops);
  return APP_OPERATIONS.filter((o) => set.has(o));
};

/** The saved bindings of applications this table shows (others cannot be bound at this level). */
export function bindingsFrom(saved: RoleAppOps[], index: AppIndex): Bindings {
  const out: Record<string, AppOperation[]> = {};
  for (const s of saved) if (index.ids.has(s.applicationCode) && s.ops.length > 0) out[s.applicationCode] = ordered([...s.ops, 'view']);
  return out;
}

/** The bound ancestor whose rights cover the code, if any. */
export function coveringAncestor(code: string, bindings: Bindings, index: AppIndex): string | null {
  for (let p = index.parentOf.get(code) ?? null; p !== null; p = index.parentOf.get(p) ?? null) if (bindings[p]) return p;
  return null;
}

function isUnder(code: string, ancestor: string, index: AppIndex): boolean {
  for (let p = index.parentOf.get(code) ?? null; p !== null; p = index.parentOf.get(p) ?? null) if (p === ancestor) return true;
  return false;
}

/** Binds the code (view only unless told), dropping bindings under it that it now covers. */
export function bind(bindings: Bindings, code: string, index: AppIndex, ops: readonly AppOperation[] = ['view']): Bindings {
  const out: Record<string, readonly AppOperation[]> = {};
  for (const [c, o] of Object.entries(bindings)) if (!isUnder(c, code, index)) out[c] = o;
  out[code] = ordered([...ops, 'view']);
  return out;
}

export function unbind(bindings: Bindings, code: string): Bindings {
  const { [code]: _gone, ...rest } = bindings;
  return rest;
}

/** Turns one right on or off; any right binds the row, and without "view" it is unbound. */
export function setOp(bindings: Bindings, code: string, op: AppOperation, on: boolean, index: AppIndex): Bindings {
  const current = bindings[code] ?? [];
  if (on) return bind(bindings, code, index, [...current, op]);
  if (op === 'view' || !bindings[code]) return unbind(bindings, code);
  return { ...bindings, [code]: current.filter((o) => o !== op) };
}

/** Binds every top-level row with every right (the whole level), or nothing. */
export function bindAll(apps: BindableApp[], index: AppIndex): Bindings {
  return Object.fromEntries(apps.map((a) => [a.code, [...APP_OPERATIONS]]).filter(([c]) => index.ids.has(c as string)));
}

/** The body of operateAuth/bind, in menu order. */
export function bindBody(bindings: Bindings, index: AppIndex): RoleBinding[] {
  return index.order.filter((c) => bindings[c]).map((c) => ({ applicationInfoId: index.ids.get(c)!, ops: [...bindings[c]!] }));
}
