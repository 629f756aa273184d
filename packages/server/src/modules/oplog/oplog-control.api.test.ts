import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditNote, HeaterPayload, OperationLogRow, Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { buildWorld, type ControlWorld, groupCalls } from '../control/control.fixtures.js';

const PAGE = '/api/breedpigbuilding/operationLog/page';
const heaters = (onBelow: number): HeaterPayload => ({ heaters: [{ index: 1, enabled: true, onBelow, offBelow: 0.5 }] });

/** A remote-control apply says which houses took which group, from the old value to the new (the option log's values). */
describe(`operation log: remote-control settings (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    w = await buildWorld(ctx, 'oplog');
  });
  afterAll(async () => ctx?.close());

  const apply = async (shedIds: number[], payload: HeaterPayload): Promise<number> =>
    (await groupCalls(ctx, w, 'heater').apply(shedIds, payload)).code;

  it('records the houses and the heater values before and after, equal old values once', async () => {
    expect(await apply([w.sheds[0]!], heaters(2))).toBe(1);
    expect(await apply(w.sheds, heaters(3))).toBe(1);
    expect(await apply(w.sheds, heaters(3))).toBe(1);
    const res = await call<Page<OperationLogRow>>(ctx, w.token, 'POST', PAGE, { pageNo: 1, pageSize: 100 });
    expect(res.code).toBe(1);
    const log = res.data.list.flatMap((r) => (r.detail && typeof r.detail === 'object' && 'op' in r.detail ? [r.detail as AuditNote] : []));
    const json = (p: HeaterPayload): string => JSON.stringify(p);
    expect(log.reverse()).toEqual([
      { op: 'apply', kind: 'setting', name: 'House A', changes: [{ field: 'heater', before: null, after: json(heaters(2)) }] },
      {
        op: 'apply',
        kind: 'setting',
        name: 'House A, House B',
        changes: [
          { field: 'heater', before: json(heaters(2)), after: json(heaters(3)) },
          { field: 'heater', before: null, after: json(heaters(3)) },
        ],
      },
      { op: 'apply', kind: 'setting', name: 'House A, House B', changes: [] },
    ]);
  });
});
