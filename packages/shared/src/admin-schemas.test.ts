import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { accountAddBody, accountAddForm, accountListQuery, farmAndShedAuthorizationBody } from './schemas/accounts.js';
import { farmAddBody, isValidTimeZone } from './schemas/farms.js';
import { operateAuthBindBody, roleAddBody, scopeOfRoleType } from './schemas/roles.js';
import { addFieldsForm, penRangeValid, shedAddBody, shedTypeAllowed } from './schemas/sheds.js';

function messageFor(schema: ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path[0] === field)?.message;
}

const account = { accountCode: 'Keeper', accountName: 'Keeper', password: 'cipher', phoneNo: '13800000000' };
const farm = {
  farmName: 'F',
  type: 1,
  personInCharge: 'P',
  areaCode: '+86',
  phone: '13800000000',
  timeZone: 'Asia/Shanghai',
  timeZoneName: 'CST',
};

describe('administration schemas (SPEC §5)', () => {
  it('requires the account fields, caps them at 50 and checks the e-mail', () => {
    const parsed = accountAddBody.parse(account);
    expect(parsed).toMatchObject({ accountCode: 'keeper', accountType: 2, roleIds: [], farmIds: [] });
    expect(messageFor(accountAddBody, { ...account, phoneNo: '' }, 'phoneNo')).toBe('validation.required');
    expect(messageFor(accountAddBody, { ...account, accountName: 'a'.repeat(51) }, 'accountName')).toBe('validation.maxLength');
    expect(messageFor(accountAddBody, { ...account, email: 'nope' }, 'email')).toBe('validation.email');
    expect(accountAddBody.parse({ ...account, email: '' }).email).toBeUndefined();
    expect(messageFor(accountAddBody, { ...account, accountType: 1 }, 'accountType')).toBe('validation.invalid');
    expect(accountAddBody.parse({ ...account, roleIds: [3, 3, 4] }).roleIds).toEqual([3, 4]);
  });

  it('checks the plain password in the add form', () => {
    const form = { ...account, password: 'Start@2024', confirmPassword: 'Start@2024' };
    expect(accountAddForm.safeParse(form).success).toBe(true);
    expect(messageFor(accountAddForm, { ...form, confirmPassword: 'x' }, 'confirmPassword')).toBe('validation.passwordsDiffer');
    expect(messageFor(accountAddForm, { ...form, password: 'short', confirmPassword: 'short' }, 'password')).toBe(
      'validation.passwordRule',
    );
  });

  it('reads list filters from query strings, blanks as absent', () => {
    expect(accountListQuery.parse({ pageNo: '2', status: '0', roleId: '', keyword: '' })).toEqual({ pageNo: 2, pageSize: 20, status: 0 });
    expect(accountListQuery.safeParse({ status: '3' }).success).toBe(false);
  });

  it('takes ids in bodies as numbers only', () => {
    expect(farmAndShedAuthorizationBody.safeParse({ accountId: '1', farms: [] }).success).toBe(false);
    expect(farmAndShedAuthorizationBody.safeParse({ accountId: true, farms: [] }).success).toBe(false);
    expect(farmAndShedAuthorizationBody.safeParse({ accountId: 1, farms: [{ farmId: 2, shedIds: [3] }] }).success).toBe(true);
  });

  it('requires farm name, type, person in charge, area code, phone, time zone and its name', () => {
    expect(farmAddBody.safeParse(farm).success).toBe(true);
    for (const field of ['farmName', 'type', 'personInCharge', 'areaCode', 'phone', 'timeZone', 'timeZoneName']) {
      expect([field, farmAddBody.safeParse({ ...farm, [field]: undefined }).success]).toEqual([field, false]);
    }
    expect(messageFor(farmAddBody, { ...farm, scale: 9 }, 'scale')).toBe('validation.invalid');
    expect(messageFor(farmAddBody, { ...farm, timeZone: 'Mars/Base' }, 'timeZone')).toBe('validation.invalid');
  });

  it('knows IANA time zones', () => {
    for (const tz of ['Asia/Shanghai', 'Asia/Bangkok', 'Europe/Moscow', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+8'])
      expect([tz, isValidTimeZone(tz)]).toEqual([tz, true]);
    for (const tz of ['Asia/Atlantis', '', '+08:00', 'Asia/../etc', ' Asia/Shanghai'])
      expect([tz, isValidTimeZone(tz)]).toEqual([tz, false]);
  });

  it('keeps shed types to the farm kind', () => {
    expect(shedTypeAllowed(1, 0)).toBe(true);
    expect(shedTypeAllowed(1, 7)).toBe(true);
    expect(shedTypeAllowed(1, 1001)).toBe(false);
    expect(shedTypeAllowed(2, 1011)).toBe(true);
    expect(shedTypeAllowed(2, 2000)).toBe(true);
    expect(shedTypeAllowed(2, 1012)).toBe(false);
    expect(shedTypeAllowed(2, 3)).toBe(false);
    expect(shedTypeAllowed(3, 0)).toBe(false);
    expect(shedAddBody.parse({ farmId: 1, shedName: 'S', shedType: 2 })).toMatchObject({ areaNum: 0, buildingNum: 0, shedNum: 0 });
  });

  it('applies the pen range rule: start not above end, both above 0', () => {
    expect(penRangeValid(1, 1)).toBe(true);
    expect(penRangeValid(1, 500)).toBe(true);
    expect(penRangeValid(1, 501)).toBe(false);
    expect(penRangeValid(3, 2)).toBe(false);
    expect(penRangeValid(0, 2)).toBe(false);
    expect(penRangeValid(1.5, 2)).toBe(false);
    expect(messageFor(addFieldsForm, { shedId: 1, startColumn: 4, endColumn: 2 }, 'endColumn')).toBe('validation.endBeforeStart');
  });

  it('types roles and their bindings', () => {
    expect(roleAddBody.parse({ roleName: ' Vets ' })).toEqual({ roleName: 'Vets', type: 'farm' });
    expect(scopeOfRoleType('group')).toBe('group');
    expect(scopeOfRoleType('farm')).toBe('farm');
    expect(operateAuthBindBody.safeParse({ roleId: 1, applications: [{ applicationInfoId: 2, ops: ['view', 'control'] }] }).success).toBe(
      true,
    );
    expect(operateAuthBindBody.safeParse({ roleId: 1, applications: [{ applicationInfoId: 2, ops: ['own'] }] }).success).toBe(false);
  });
});
