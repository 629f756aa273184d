import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '@farmsense/shared';
import { i18n, tk } from '../../../app/i18n/i18n';
import { entrySentence, fieldLabel } from './sentence';
import { moduleLabel } from './labels';
import { oplogRow } from '../../../test/fixtures';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

const row = oplogRow;

const EDIT = row({
  detail: {
    op: 'edit',
    kind: 'shed',
    name: 'House 3',
    changes: [
      { field: 'shedNum', before: 3, after: 4 },
      { field: 'shedType', before: 0, after: 1 },
    ],
  },
});
const DELETE = row({ method: 'DELETE', detail: { op: 'delete', kind: 'account', name: 'li.wei' } });
const ADD = row({ method: 'POST', detail: { op: 'add', kind: 'farm', name: 'North' } });
const FARM_EDIT = row({
  detail: { op: 'edit', kind: 'farm', name: 'North', changes: [{ field: 'address', before: null, after: '1234.5 Road' }] },
});
const NUMBER = row({ detail: { op: 'edit', kind: 'device', name: 'DTU 1', changes: [{ field: 'port', before: 1234.5, after: 2 }] } });

const BAN = row({ detail: { op: 'edit', kind: 'account', name: 'pig, chicken', changes: [{ field: 'status', before: 1, after: 0 }] } });
const RESET = row({
  detail: {
    op: 'edit',
    kind: 'account',
    name: 'li.wei',
    changes: [{ field: 'roles', before: ['Night watch'], after: ['Day watch', 'Night watch'] }],
    events: ['passwordReset'],
  },
});
const RESET_ONLY = row({ detail: { op: 'edit', kind: 'account', name: 'li.wei', changes: [], events: ['passwordReset', 'unknown'] } });

const NETWORK = row({
  detail: {
    op: 'edit',
    kind: 'network',
    name: 'Switch 1',
    changes: [
      { field: 'connectionMode', before: 'tcpClient', after: 'mqtt' },
      { field: 'farm', before: 'North', after: 'South' },
    ],
  },
});
const BIND = row({ detail: { op: 'edit', kind: 'device', name: 'DTU 1', changes: [{ field: 'shed', before: null, after: 'House 3' }] } });
const SWITCH = row({ detail: { op: 'edit', kind: 'device', name: 'DTU 1', changes: [{ field: 'enabled', before: true, after: false }] } });
const PEN = row({ detail: { op: 'edit', kind: 'pen', name: 'House 3 1-1', changes: [{ field: 'fieldColumn', before: 1, after: 7 }] } });

const FEED = row({
  detail: {
    op: 'edit',
    kind: 'feed',
    name: 'Gestation',
    changes: [
      { field: 'animalType', before: 1, after: 2 },
      { field: 'type', before: 'Sow feed', after: 'Creep feed' },
    ],
  },
});
const PLAN = row({
  detail: { op: 'edit', kind: 'feedingPlan', name: 'Sows', changes: [{ field: 'dispatchMode', before: 'immediate', after: 'timed' }] },
});

const heat = (on: number): string => JSON.stringify({ heaters: [{ index: 1, enabled: true, onBelow: on, offBelow: 0.5 }] });
const APPLIED = row({
  detail: { op: 'apply', kind: 'setting', name: 'House 3', changes: [{ field: 'heater', before: heat(2), after: heat(3) }] },
});

describe('operation log sentences', () => {
  it('reads each action as a sentence in English, with translated field labels and values', async () => {
    await i18n.changeLanguage('en-us');
    expect(entrySentence(EDIT)).toBe('Edited shed House 3: shed number 3 → 4; house type Boar → Gestation');
    expect(entrySentence(DELETE)).toBe('Deleted account li.wei');
    expect(entrySentence(ADD)).toBe('Added farm North');
    expect(entrySentence(FARM_EDIT)).toBe('Edited farm North: address empty → 1234.5 Road');
    expect(entrySentence(NUMBER)).toBe('Edited device DTU 1: port 1,234.5 → 2');
    expect(entrySentence(row({ method: 'POST', detail: null }))).toBe(`Made a change in ${moduleLabel('housemanagement')}`);
  });

  it('reads bans, password resets (without a value) and role lists by name', async () => {
    await i18n.changeLanguage('en-us');
    expect(entrySentence(BAN)).toBe('Edited account pig, chicken: status enabled → disabled');
    expect(entrySentence(RESET)).toBe('Edited account li.wei: roles Night watch → Day watch, Night watch; password was reset');
    expect(entrySentence(RESET_ONLY)).toBe('Edited account li.wei: password was reset');
    await i18n.changeLanguage('ru');
    expect(entrySentence(BAN)).toBe('Изменено: учётная запись pig, chicken: статус включена → отключена');
    expect(entrySentence(RESET_ONLY)).toBe('Изменено: учётная запись li.wei: пароль сброшен');
  });

  it('reads pens, network devices (modes by their labels) and gateway binding and switching', async () => {
    await i18n.changeLanguage('en-us');
    expect(entrySentence(NETWORK)).toBe('Edited network device Switch 1: connection mode TCP client → MQTT; farm North → South');
    expect(entrySentence(BIND)).toBe('Edited device DTU 1: shed empty → House 3');
    expect(entrySentence(SWITCH)).toBe('Edited device DTU 1: status enabled → disabled');
    expect(entrySentence(PEN)).toBe('Edited pen House 3 1-1: column 1 → 7');
    expect(entrySentence(row({ detail: { op: 'add', kind: 'pen', name: 'House 3 1-1…3' } }))).toBe('Added pen House 3 1-1…3');
    expect(entrySentence(FEED)).toBe('Edited feed Gestation: animal type Pig farm → Poultry farm; feed type Sow feed → Creep feed');
    expect(entrySentence(PLAN)).toBe('Edited feeding plan Sows: dispatch mode Immediate → Timed');
    expect(entrySentence(row({ detail: { op: 'delete', kind: 'feedType', name: 'Sow feed' } }))).toBe('Deleted feed type Sow feed');
    const heater = (on: number) => tk('control.heater.summary', { index: 1, on, off: 0.5 });
    expect(entrySentence(APPLIED)).toBe(`Applied Heaters to House 3: ${heater(2)} → ${heater(3)}`);
    expect(entrySentence(row({ detail: { op: 'apply', kind: 'setting', name: 'House 3', changes: [] } }))).toBe(
      'Applied settings to House 3 (unchanged)',
    );
    await i18n.changeLanguage('zh-cn');
    expect(entrySentence(NETWORK)).toBe(
      `修改网络设备 Switch 1：连接方式 ${tk('devices.network.modes.tcpClient')} → MQTT；养殖场 North → South`,
    );
  });

  it('reads the same entries in Russian, numbers with the Russian formatter', async () => {
    await i18n.changeLanguage('ru');
    expect(entrySentence(EDIT)).toBe(
      `Изменено: корпус House 3: номер корпуса 3 → 4; тип корпуса ${tk('enums.pigShedType.0')} → ${tk('enums.pigShedType.1')}`,
    );
    expect(entrySentence(DELETE)).toBe('Удалено: учётная запись li.wei');
    expect(entrySentence(NUMBER)).toMatch(/^Изменено: устройство DTU 1: порт 1\s234,5 → 2$/);
  });

  it('falls back to a translated generic sentence, never a raw API path', async () => {
    for (const locale of LOCALES) {
      await i18n.changeLanguage(locale);
      const plain = entrySentence(row({ detail: { something: 'else' } }));
      expect(plain).toBe(tk('oplog.sentence.generic', { module: moduleLabel('housemanagement') }));
      expect(plain).not.toContain('/api');
      // A failed edit did nothing: it is not phrased as done.
      expect(entrySentence({ ...EDIT, outcome: 'failed' })).not.toContain('House 3');
      expect(
        entrySentence(row({ detail: { op: 'edit', kind: 'shed', name: 'H', changes: [{ field: 'mystery', before: 1, after: 2 }] } })),
      ).toContain(tk('oplog.sentence.otherField'));
    }
  });

  it('has a label for every field the server records, in every locale', async () => {
    const recorded: Record<string, string[]> = {
      shed: ['shedName', 'shedType', 'areaNum', 'buildingNum', 'shedNum'],
      farm: [
        'farmName',
        'type',
        'scale',
        'address',
        'personInCharge',
        'contact',
        'areaCode',
        'phone',
        'adminAccountId',
        'state',
        'timeZone',
        'timeZoneName',
      ],
      account: ['accountName', 'phoneNo', 'email', 'name', 'gender', 'jobNo', 'areaCode', 'accountType', 'status', 'roles', 'farms'],
      role: ['roleName', 'type'],
      device: [
        'farmId',
        'shedId',
        'code',
        'name',
        'gatewayType',
        'deviceCategory',
        'model',
        'serialNo',
        'networkId',
        'port',
        'commPointNo',
        'parentId',
        'shed',
        'enabled',
      ],
      pen: ['field', 'fieldColumn', 'name'],
      network: ['name', 'ip', 'serverPort', 'connectionMode', 'farm'],
      feedType: ['name', 'remark'],
      feed: ['name', 'type', 'batch', 'formulaRatio', 'weight', 'unit', 'price', 'priceUnit', 'animalType', 'remark'],
      feedingPlan: ['name', 'totalDays', 'splitPoints', 'dispatchMode', 'dispatchAt', 'remark'],
    };
    for (const locale of LOCALES) {
      await i18n.changeLanguage(locale);
      for (const [kind, fields] of Object.entries(recorded)) {
        for (const f of fields)
          expect([locale, kind, f, fieldLabel(kind, f) === tk('oplog.sentence.otherField')]).toEqual([locale, kind, f, false]);
      }
    }
  });
});
