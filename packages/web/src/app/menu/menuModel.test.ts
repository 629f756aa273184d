import { describe, expect, it } from 'vitest';
import type { AppTreeNode } from '../api/types';
import { buildMenu, buildMenuModel, collectRoutes } from './menuModel';

let nextId = 1;
function node(code: string, opts: Partial<AppTreeNode> = {}, children: AppTreeNode[] = []): AppTreeNode {
  return {
    applicationInfoId: nextId++,
    applicationCode: code,
    applicationFunType: 'common',
    seqNo: 10,
    path: null,
    index: true,
    scope: 'farm',
    children,
    ...opts,
  };
}

/** A tree shaped like roleApplicationTree2's answer, deliberately out of seqNo order. */
const tree: AppTreeNode[] = [
  node('reports', { seqNo: 30 }, [
    node('reports.b', { seqNo: 20, path: '/reports/b' }),
    node('reports.a', { seqNo: 10, path: '/reports/a' }),
    node('reports.hidden', { seqNo: 5, path: '/reports/hidden', index: false }),
  ]),
  node('pig', { seqNo: 20, applicationFunType: 'pig' }, [
    node('pig.overview.shed', { seqNo: 10, path: '/pig/overview/shed', applicationFunType: 'pig' }),
    node('pig.databoard', { seqNo: 20, applicationFunType: 'pig' }, [
      node('pig.databoard.farm', { seqNo: 10, path: '/pig/databoard/farm', applicationFunType: 'pig' }),
      node('pig.databoard.smart', { seqNo: 20, path: '/pig/databoard/smart', applicationFunType: 'pig' }),
      node('pig.databoard.acc', { seqNo: 30, path: '/pig/databoard/acc', applicationFunType: 'pig' }),
    ]),
  ]),
  node('ci18', { seqNo: 10, applicationFunType: 'chicken' }, [
    node('ci18.overview', { seqNo: 10, applicationFunType: 'chicken' }, [
      node('ci18.overview.shed', { seqNo: 10, path: '/ci18/overview/shed', applicationFunType: 'chicken' }),
      node('ci18.overview.video', { seqNo: 20, path: '/ci18/overview/video', applicationFunType: 'chicken' }),
    ]),
  ]),
  node('weight', { seqNo: 40, index: false }, [node('weight.bind', { seqNo: 10, path: '/weight/bind' })]),
  node('wash', { seqNo: 50 }, [node('wash.mor', { seqNo: 10, path: '/wash/mor' })]),
  node('access', { seqNo: 60, path: '/access-management' }),
];

const pages = {
  'reports.a': {},
  'reports.b': {},
  'reports.hidden': {},
  'pig.overview.shed': {},
  'pig.databoard.smart': {},
  'pig.databoard.acc': {},
  'ci18.overview.shed': {},
  'weight.bind': {},
  access: { fullscreen: true },
};

describe('menu built from the permission tree and the route registry', () => {
  it('orders groups and entries by seqNo and shows only index-flagged nodes', () => {
    const menu = buildMenu(tree, pages, 1);
    expect(menu.map((m) => m.code)).toEqual(['pig', 'reports', 'access']);
    const reports = menu.find((m) => m.code === 'reports');
    expect(reports).toMatchObject({ kind: 'group' });
    expect(reports?.kind === 'group' && reports.children.map((c) => c.code)).toEqual(['reports.a', 'reports.b']);
  });

  it('keeps only the nodes of the farm mode (common ones in both)', () => {
    expect(buildMenu(tree, pages, 1).map((m) => m.code)).not.toContain('ci18');
    const chicken = buildMenu(tree, pages, 2).map((m) => m.code);
    expect(chicken).toEqual(['ci18', 'reports', 'access']);
  });

  it('hides entries without a page and groups left with none', () => {
    const menu = buildMenu(tree, pages, 1);
    // wash.mor has no page in this build: the wash group disappears.
    expect(menu.map((m) => m.code)).not.toContain('wash');
    // weight is a hidden (non-index) group even though its page exists.
    expect(menu.map((m) => m.code)).not.toContain('weight');
  });

  it('points a second-level entry with tabs at its first page that exists', () => {
    const pig = buildMenu(tree, pages, 1).find((m) => m.code === 'pig');
    expect(pig?.kind === 'group' && pig.children).toEqual([
      { kind: 'entry', code: 'pig.overview.shed', target: '/pig/overview/shed' },
      { kind: 'entry', code: 'pig.databoard', target: '/pig/databoard/smart' },
    ]);
  });

  it('routes every permitted page of the mode, hidden ones included, with the full-screen flag', () => {
    const routes = collectRoutes(tree, pages, 1);
    expect(routes.map((r) => r.path).sort()).toEqual(
      [
        '/access-management',
        '/pig/databoard/acc',
        '/pig/databoard/smart',
        '/pig/overview/shed',
        '/reports/a',
        '/reports/b',
        '/reports/hidden',
        '/weight/bind',
      ].sort(),
    );
    expect(routes.find((r) => r.code === 'access')?.fullscreen).toBe(true);
    expect(collectRoutes(tree, pages, 2).map((r) => r.path)).toContain('/ci18/overview/shed');
  });

  it('offers third-level tabs only when a second-level entry has several pages', () => {
    const pigModel = buildMenuModel(tree, pages, 1);
    expect(pigModel.tabsOf('/pig/databoard/acc').map((t) => t.code)).toEqual(['pig.databoard.smart', 'pig.databoard.acc']);
    expect(pigModel.tabsOf('/pig/overview/shed')).toEqual([]);
    // ci18.overview has two pages in the tree but only one in this build: no strip.
    expect(buildMenuModel(tree, pages, 2).tabsOf('/ci18/overview/shed')).toEqual([]);
    expect(pigModel.chainOf('/pig/databoard/acc').map((n) => n.applicationCode)).toEqual(['pig', 'pig.databoard', 'pig.databoard.acc']);
  });

  it('names the first menu page as the landing page, or nothing when no page is permitted', () => {
    expect(buildMenuModel(tree, pages, 1).firstPath).toBe('/pig/overview/shed');
    expect(buildMenuModel(tree, pages, 2).firstPath).toBe('/ci18/overview/shed');
    const none = buildMenuModel(tree, {}, 1);
    expect(none.menu).toEqual([]);
    expect(none.routes).toEqual([]);
    expect(none.firstPath).toBeNull();
  });
});
