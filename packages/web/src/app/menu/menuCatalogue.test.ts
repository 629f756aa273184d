import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE, LOCALES, type AppNode, type AppTreeNode } from '@farmsense/shared';
import { ROUTE_REGISTRY } from '../routes/registry';
import { buildMenu, type FarmMode, type MenuItemModel } from './menuModel';

/** Every locale's menu labels (packages/shared/src/i18n/<locale>/menu.json). */
const LABELS = import.meta.glob<Record<string, string>>('../../../../shared/src/i18n/*/menu.json', { import: 'default', eager: true });

/** The whole catalogue as an account holding every screen gets it from roleApplicationTree2. */
function toTree(nodes: AppNode[]): AppTreeNode[] {
  return nodes.map((n, i) => ({
    applicationInfoId: i + 1,
    applicationCode: n.code,
    applicationFunType: n.funType,
    seqNo: n.seqNo,
    path: n.path ?? null,
    index: n.index,
    scope: n.scope,
    children: toTree(n.children),
  }));
}

const entries = (items: MenuItemModel[]): MenuItemModel[] => items.flatMap((i) => (i.kind === 'entry' ? [i] : entries(i.children)));

describe('the menu of the real catalogue (an account holding every screen)', () => {
  const tree = toTree(APP_CATALOGUE.filter((n) => n.scope === 'farm'));

  it.each([1, 2] as FarmMode[])('lists each screen once, under a label no other entry has (mode %i)', (mode) => {
    const menu = entries(buildMenu(tree, ROUTE_REGISTRY, mode));
    expect(menu.length).toBeGreaterThan(15);
    const targets = menu.map((e) => (e.kind === 'entry' ? e.target : ''));
    expect(targets.filter((t, i) => targets.indexOf(t) !== i)).toEqual([]);
    for (const locale of LOCALES) {
      const labels = LABELS[`../../../../shared/src/i18n/${locale}/menu.json`]!;
      const shown = menu.map((e) => labels[e.code] ?? e.code);
      expect({ locale, doubles: shown.filter((l, i) => shown.indexOf(l) !== i) }).toEqual({ locale, doubles: [] });
    }
  });
});
