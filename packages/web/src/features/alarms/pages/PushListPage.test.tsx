import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PushMessageRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall, lastQuery } from '../../../test/mockApi';
import { expectLastDays } from '../../../test/dateRange';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { PushEmailListPage, PushPhoneListPage } from './PushListPage';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`alarms.${key}`, vars);
const EMAIL = '/warning/push/record/email';
const PHONE = '/warning/push/record/phone';

const message = (over: Partial<PushMessageRow>): PushMessageRow => ({
  id: 1,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  shedId: 7,
  shedName: 'Shed A',
  method: 'email',
  channel: 'smtp',
  recipient: 'li@farm.cn',
  recipientName: 'Keeper Li',
  round: 1,
  alarmIds: [5],
  subject: '[High] Demo Pig Farm / Shed A: 1 alarm',
  body: '',
  status: 'success',
  attempts: 1,
  lastError: null,
  createdAt: Date.parse('2026-03-01T08:00:00Z'),
  sentAt: Date.parse('2026-03-01T08:00:05Z'),
  nextAttemptAt: null,
  outcome: 'acknowledged',
  ackVia: 'li@farm.cn',
  ...over,
});

const EMAILS = [
  message({}),
  message({ id: 2, status: 'failure', attempts: 5, lastError: 'smtp.550', outcome: 'gaveUp', ackVia: null, round: 2 }),
  message({ id: 3, status: 'pushing', attempts: 2, lastError: '21019', sentAt: null, outcome: 'open', ackVia: null }),
];
const CALLS = [
  message({
    id: 8,
    method: 'voice',
    channel: 'twilio',
    recipient: '+8613900000001',
    status: 'failure',
    lastError: 'noCaller',
    outcome: 'open',
    ackVia: null,
  }),
];

function serve(): RecordedCall[] {
  return mockApi({
    [`GET ${EMAIL}`]: { data: { list: EMAILS, total: EMAILS.length, pageNo: 1, pageSize: 20 } },
    [`GET ${PHONE}`]: { data: { list: CALLS, total: CALLS.length, pageNo: 1, pageSize: 20 } },
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'Shed A', shedType: 1, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 1 }],
    },
  });
}

signedInEach({ farms: [PIG_FARM] });

describe('push lists', { timeout: 40_000 }, () => {
  it("lists the farm's e-mails of the last 7 days with status, attempts and the last error in words", async () => {
    const calls = serve();
    renderWithApp(<PushEmailListPage />, '/pushmanagement/pushlist');
    await screen.findAllByText('Keeper Li', {}, SLOW);
    const q = lastQuery(calls, EMAIL);
    expect(q).toMatchObject({ farmId: '1', pageNo: '1', pageSize: '20' });
    expectLastDays(q, 7);
    expect(q).not.toHaveProperty('method');

    expect(within(tableRow(1)).getByTestId('push-status').textContent).toBe(t('pushList.statuses.success'));
    expect(within(tableRow(1)).getByText(t('pushList.ackVia', { via: 'li@farm.cn' }))).toBeTruthy();
    expect(within(tableRow(2)).getByTestId('push-status').textContent).toBe(t('pushList.statuses.failure'));
    expect(within(tableRow(2)).getByTestId('push-error').textContent).toBe(t('pushList.errors.smtp', { detail: '550' }));
    expect(within(tableRow(2)).getByText(t('pushList.outcomes.gaveUp'))).toBeTruthy();
    expect(within(tableRow(2)).getByText(t('pushList.round', { round: 2 }))).toBeTruthy();
    expect(tableRow(2).textContent).toContain('5');
    // A catalogue code reads as the catalogue says.
    expect(within(tableRow(3)).getByTestId('push-error').textContent).toBe(errorMessage(21019));
  });

  it('takes its filters from the address and applies a status chosen with the search button, from page 1', async () => {
    const calls = serve();
    renderWithApp(<PushEmailListPage />, '/pushmanagement/pushlist?recipient=li%40farm.cn&pageNo=2');
    await screen.findAllByText('Keeper Li', {}, SLOW);
    expect(lastQuery(calls, EMAIL)).toMatchObject({ recipient: 'li@farm.cn', pageNo: '2' });
    fireEvent.mouseDown(screen.getByLabelText(t('pushList.columns.status')));
    fireEvent.click(await screen.findByTitle(t('pushList.statuses.failure'), {}, SLOW));
    fireEvent.click(screen.getByText(tk('common.search')).closest('button')!);
    await waitFor(() => expect(lastQuery(calls, EMAIL)).toMatchObject({ status: 'failure', recipient: 'li@farm.cn', pageNo: '1' }), SLOW);
  });

  it('lists calls and SMS with their method, filtered by method and an explicit range', async () => {
    const calls = serve();
    const start = Date.parse('2026-03-01T00:00:00Z');
    const end = Date.parse('2026-03-10T00:00:00Z');
    renderWithApp(<PushPhoneListPage />, `/pushmanagement/pushlist-phone?method=voice&start=${start}&end=${end}`);
    await screen.findByText('+8613900000001', {}, SLOW);
    expect(lastQuery(calls, PHONE)).toMatchObject({ method: 'voice', startTime: String(start), endTime: String(end) });
    expect(within(tableRow(8)).getByText(t('push.methods.voice'))).toBeTruthy();
    expect(within(tableRow(8)).getByTestId('push-error').textContent).toBe(t('pushList.errors.noCaller'));
  });
});
