import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionLogRow, Page, SettingGroup } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import {
  closeBench,
  groupBench,
  LOGS,
  restoreVersion,
  STATE,
  type ControlWorld,
  type FakeController,
  type GroupCalls,
} from './control.fixtures.js';

/** What the tests of one more setting group get: the bench, filled once `beforeAll` ran. */
export interface GroupBench {
  ctx: TestContext;
  w: ControlWorld;
  dev: FakeController;
  g: GroupCalls;
}

export interface GroupSuite<P> {
  /** The describe title (the store is added). */
  title: string;
  /** A short name for the world's tenant, farm and gateway codes. */
  name: string;
  group: SettingGroup;
  /** The command op the controller receives. */
  op: string;
  /** The payload applied as version 1 and restored at the end. */
  first: P;
  /** The payload applied as version 2, before version 1 is restored. */
  second: P;
  /** The field rules: the test's name, and each refused payload with its field and message key (99996). */
  invalid: { title: string; cases: [unknown, string, string][] };
  /** The group's own tests, run after the field rules and before the tenant and restore tests (version 1 must stay current). */
  more?: (bench: () => GroupBench) => void;
}

/**
 * The tests every setting group of remote control shares, through the real HTTP layer and the
 * embedded broker: applied to two houses with a result per house and synced by the online
 * controller's ack; each field rule refused with 99996 and nothing sent; another tenant's house
 * refused with 30004; version 1 restored as a new version, and every change in the option log.
 */
export function settingGroupSuite<P>(s: GroupSuite<P>): void {
  describe(`remote control: ${s.title} (${TEST_DB})`, () => {
    let b: GroupBench;
    beforeAll(async () => {
      b = await groupBench(s.name, s.group);
    });
    afterAll(async () => closeBench(b?.ctx, b?.dev));

    it('applies to two houses with a result per house; the online controller acks the version', async () => {
      const { w, g, dev } = b;
      const r = await g.apply(w.sheds, s.first);
      expect(r.code).toBe(1);
      expect(r.data.results.map((x) => [x.shedId, x.code, x.version, x.status, x.online])).toEqual([
        [w.sheds[0], 1, 1, 'pending', true],
        [w.sheds[1], 1, 1, 'pending', false],
      ]);
      await waitFor(async () => (await g.statusOf(w.sheds[0]!, 1)) === 'synced');
      expect(dev.commands[0]).toMatchObject({ op: s.op, params: { version: 1, ...s.first } });
      expect(await g.state(w.sheds[0]!)).toMatchObject({ group: s.group, desiredVersion: 1, reportedVersion: 1, reported: s.first });
      expect(await g.state(w.sheds[1]!)).toMatchObject({ desiredVersion: 1, reportedVersion: null, status: 'pending' });
    });

    it(s.invalid.title, async () => {
      const { w, g, dev } = b;
      for (const [payload, field, key] of s.invalid.cases) {
        const r = await g.apply([w.sheds[0]!], payload);
        expect(r.code, field).toBe(99996);
        expect(r.data).toEqual({ issues: [{ field, key }] });
      }
      expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
      expect(dev.commands.filter((c) => c.op === s.op)).toHaveLength(1);
    });

    s.more?.(() => b);

    it("refuses another tenant's house (30004)", async () => {
      const { ctx, w, g } = b;
      expect((await g.apply([w.sheds[0]!, w.otherShed], s.first)).code).toBe(30004);
      expect((await g.apply([w.sheds[0]!], s.first, w.otherToken)).code).toBe(30004);
      expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=${s.group}`)).code).toBe(30004);
      expect((await g.state(w.sheds[0]!)).desiredVersion).toBe(1);
    });

    it('restores version 1 as a new version and logs every change', async () => {
      const { ctx, w, g } = b;
      expect((await g.apply([w.sheds[0]!], s.second)).data.results[0]!.version).toBe(2);
      await waitFor(async () => (await g.statusOf(w.sheds[0]!, 2)) === 'synced');
      const r = await restoreVersion(ctx, w.token, w.sheds[0]!, s.group, 1);
      expect(r.data.results[0]).toMatchObject({ code: 1, version: 3 });
      await waitFor(async () => (await g.statusOf(w.sheds[0]!, 3)) === 'synced');
      expect((await g.state(w.sheds[0]!)).reported).toEqual(s.first);
      const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=${s.group}`);
      expect(logs.data.list.map((l) => [l.action, l.version, l.status])).toEqual([
        ['restore', 3, 'synced'],
        ['apply', 2, 'synced'],
        ['apply', 1, 'synced'],
      ]);
      expect(logs.data.list[0]).toMatchObject({ group: s.group, fromValue: s.second, toValue: s.first });
    });
  });
}
