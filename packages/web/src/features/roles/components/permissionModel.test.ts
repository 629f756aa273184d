import { describe, expect, it } from 'vitest';
import type { BindableApp } from '@farmsense/shared';
import { bind, bindAll, bindBody, bindingsFrom, coveringAncestor, indexApps, rowsOf, setOp, unbind } from './permissionModel';

const app = (id: number, code: string, children: BindableApp[] = []): BindableApp => ({
  applicationInfoId: id,
  code,
  funType: code.startsWith('pig') ? 'pig' : code.startsWith('ci18') ? 'chicken' : 'common',
  scope: 'farm',
  seqNo: id,
  children,
});
const APPS: BindableApp[] = [
  app(1, 'ci18', [app(2, 'ci18.overview', [app(3, 'ci18.overview.shed'), app(4, 'ci18.overview.video')]), app(5, 'ci18.group.current')]),
  app(6, 'housemanagement', [app(7, 'housemanagement.houselist')]),
];
const index = indexApps(APPS);

describe('role permissions model', () => {
  it('makes table rows with children only where there are some', () => {
    const rows = rowsOf(APPS);
    expect(rows[0]!.children!.map((r) => r.key)).toEqual(['ci18.overview', 'ci18.group.current']);
    expect(rows[0]!.children![1]).not.toHaveProperty('children');
  });

  it('binds one entry with view, and every right needs view', () => {
    let b = bind({}, 'ci18.overview.shed', index);
    expect(b).toEqual({ 'ci18.overview.shed': ['view'] });
    b = setOp(b, 'ci18.overview.shed', 'control', true, index);
    expect(b['ci18.overview.shed']).toEqual(['view', 'control']);
    b = setOp(b, 'ci18.overview.shed', 'control', false, index);
    expect(b['ci18.overview.shed']).toEqual(['view']);
    expect(setOp(b, 'ci18.overview.shed', 'view', false, index)).toEqual({});
    expect(setOp({}, 'ci18.group.current', 'edit', true, index)).toEqual({ 'ci18.group.current': ['view', 'edit'] });
  });

  it('binding a group covers and drops the bindings under it', () => {
    const b = bind({ 'ci18.overview.shed': ['view', 'edit'], 'housemanagement.houselist': ['view'] }, 'ci18', index);
    expect(b).toEqual({ ci18: ['view'], 'housemanagement.houselist': ['view'] });
    expect(coveringAncestor('ci18.overview.video', b, index)).toBe('ci18');
    expect(coveringAncestor('housemanagement.houselist', b, index)).toBeNull();
    expect(unbind(b, 'ci18')).toEqual({ 'housemanagement.houselist': ['view'] });
  });

  it('reads saved bindings of shown applications and writes the body in menu order', () => {
    const b = bindingsFrom(
      [
        { applicationInfoId: 7, applicationCode: 'housemanagement.houselist', ops: ['edit'] },
        { applicationInfoId: 3, applicationCode: 'ci18.overview.shed', ops: ['view'] },
        { applicationInfoId: 99, applicationCode: 'group.overview', ops: ['view'] },
      ],
      index,
    );
    expect(b).toEqual({ 'housemanagement.houselist': ['view', 'edit'], 'ci18.overview.shed': ['view'] });
    expect(bindBody(b, index)).toEqual([
      { applicationInfoId: 3, ops: ['view'] },
      { applicationInfoId: 7, ops: ['view', 'edit'] },
    ]);
  });

  it('grants the whole level with every right', () => {
    expect(bindBody(bindAll(APPS, index), index)).toEqual([
      { applicationInfoId: 1, ops: ['view', 'add', 'edit', 'delete', 'control'] },
      { applicationInfoId: 6, ops: ['view', 'add', 'edit', 'delete', 'control'] },
    ]);
  });
});
