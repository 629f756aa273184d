import { describe, expect, it } from 'vitest';
import type { HierarchyFarm } from '@farmsense/shared';
import { checkedKeysOf, extentOf, farmKey, grantsOf, penKey, shedKey } from './authTree';

const pen = (id: number, shedId: number, col: number) => ({ id, shedId, fieldColumn: col, field: 1, name: null });
const TREE: HierarchyFarm[] = [
  {
    farmId: 1,
    farmName: 'Pig',
    type: 1,
    sheds: [
      { tid: 10, shedName: 'A', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1, pens: [pen(100, 10, 1), pen(101, 10, 2)] },
      {
        tid: 11,
        shedName: 'B',
        shedType: 3,
        areaNum: 1,
        buildingNum: 2,
        shedNum: 1,
        pens: [pen(110, 11, 1), pen(111, 11, 2), pen(112, 11, 3)],
      },
      { tid: 12, shedName: 'Empty', shedType: 4, areaNum: 0, buildingNum: 0, shedNum: 0, pens: [] },
    ],
  },
  { farmId: 2, farmName: 'New farm', type: 2, sheds: [] },
];

describe('authorization tree', () => {
  it('checks a whole farm with everything in it', () => {
    const keys = checkedKeysOf(TREE, [{ farmId: 1, farmName: 'Pig', shedIds: [], penIds: [] }]);
    expect(keys).toEqual(expect.arrayContaining([farmKey(1), shedKey(10), shedKey(11), shedKey(12), penKey(100), penKey(112)]));
    expect(grantsOf(TREE, keys)).toEqual([{ farmId: 1 }]);
  });

  it('reads sheds and pens back: a shed with listed pens is narrowed to them, the others are whole', () => {
    const keys = checkedKeysOf(TREE, [{ farmId: 1, farmName: 'Pig', shedIds: [10, 11], penIds: [111] }]);
    expect(keys).toEqual(expect.arrayContaining([shedKey(10), penKey(100), penKey(101), penKey(111)]));
    expect(keys).not.toContain(farmKey(1));
    expect(keys).not.toContain(shedKey(11));
    expect(keys).not.toContain(penKey(110));
    expect(grantsOf(TREE, keys)).toEqual([{ farmId: 1, shedIds: [10], penIds: [111] }]);
  });

  it('turns every shed checked into the whole farm, and leaves unchecked farms out', () => {
    const keys = [shedKey(10), penKey(100), penKey(101), shedKey(11), penKey(110), penKey(111), penKey(112), shedKey(12)];
    expect(grantsOf(TREE, keys)).toEqual([{ farmId: 1 }]);
    expect(grantsOf(TREE, [])).toEqual([]);
  });

  it('grants a farm without sheds only when the farm itself is checked', () => {
    expect(grantsOf(TREE, [farmKey(2)])).toEqual([{ farmId: 2 }]);
    expect(checkedKeysOf(TREE, [{ farmId: 2, farmName: 'New farm', shedIds: [], penIds: [] }])).toEqual([farmKey(2)]);
  });

  it('counts what a grant gives for the summary', () => {
    const grants = grantsOf(TREE, [shedKey(12), penKey(110), farmKey(2)]);
    expect(grants).toEqual([{ farmId: 1, shedIds: [12], penIds: [110] }, { farmId: 2 }]);
    expect(extentOf(TREE, grants)).toEqual([
      { farmId: 1, farmName: 'Pig', whole: false, sheds: 2, pens: 1 },
      { farmId: 2, farmName: 'New farm', whole: true },
    ]);
  });

  it('ignores a saved farm the tree does not show', () => {
    expect(checkedKeysOf(TREE, [{ farmId: 99, farmName: 'Gone', shedIds: [], penIds: [] }])).toEqual([]);
  });
});
