import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationLogRow } from '@farmsense/shared';
import { errorMessage, menuLabel, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall, lastCall } from '../../../test/mockApi';
import { OperationLogPage } from './OperationLogPage';
import { oplogRow } from '../../../test/fixtures';
import { signedInEach } from '../../../test/session';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`oplog.${key}`, vars);
const PAGE = '/breedpigbuilding/operationLog/page';

/** A login by captcha unless told. */
const entry = (over: Partial<OperationLogRow>): OperationLogRow =>
  oplogRow({ method: 'POST', action: 'login', module: 'breedpigaccount', detail: { via: 'captcha' }, ...over });

const ROWS: OperationLogRow[] = [
  entry({ id: 3 }),
  entry({
    id: 2,
    action: '/api/accountauth/roleInfo',
    module: 'usermanagement',
    outcome: 'denied',
    code: 10009,
    detail: { needed: ['usermanagement.role'] },
  }),
  entry({
    id: 1,
    accountId: null,
    accountCode: null,
    accountName: null,
    outcome: 'failed',
    code: 20001,
    detail: { via: 'captcha', username: 'ghost' },
  }),
];

const VISIT = entry({
  id: 4,
  action: '/api/breedpigbuilding/breedUserActLog/saveActLog',
  module: 'visit',
  detail: { modeCode: 'housemanagement.shedlist' },
});

function serve(): RecordedCall[] {
  return mockApi({
    [`POST ${PAGE}`]: (call) => {
      const { outcome, visits } = call.body as { outcome?: string; visits?: boolean };
      const rows = visits ? [VISIT, ...ROWS] : ROWS;
      const list = outcome ? rows.filter((r) => r.outcome === outcome) : rows;
      return { data: { list, total: list.length, pageNo: 1, pageSize: 20 } };
    },
    'GET /breedpigbuilding/operationLog/modules': { data: ['breedpigaccount', 'usermanagement'] },
  });
}

signedInEach({ accounts: [{ label: 'Demo Admin', value: 11 }] });

describe('operation log page', { timeout: 40_000 }, () => {
  it('asks for the last 24 hours and shows each entry with its outcome, code message and account', async () => {
    const calls = serve();
    renderWithApp(<OperationLogPage />);
    await screen.findByText(errorMessage(10009), {}, SLOW);
    const body = calls.find((c) => c.path === PAGE)!.body as { startTime: number; endTime: number };
    expect(body.endTime - body.startTime).toBe(24 * 3600 * 1000);
    expect(Math.abs(body.endTime - Date.now())).toBeLessThan(60_000);
    expect(body).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(body).not.toHaveProperty('outcome');

    expect(within(tableRow(3)).getByText(t('actions.login'))).toBeTruthy();
    expect(within(tableRow(3)).getByText(t('modules.breedpigaccount'))).toBeTruthy();
    expect(within(tableRow(3)).getByTestId('oplog-outcome').textContent).toBe(t('outcome.ok'));
    expect(within(tableRow(3)).getByText(errorMessage(1))).toBeTruthy();
    expect(within(tableRow(3)).getByText('10.0.0.5')).toBeTruthy();

    expect(within(tableRow(2)).getByTestId('oplog-outcome').getAttribute('data-outcome')).toBe('denied');
    expect(within(tableRow(2)).getByTestId('oplog-outcome').className).toContain('ant-tag-error');
    expect(within(tableRow(2)).getByText(menuLabel('usermanagement'))).toBeTruthy();
    // An entry without a note of what it did reads as a generic sentence, not its API path.
    expect(within(tableRow(2)).queryByText('/api/accountauth/roleInfo')).toBeNull();
    expect(within(tableRow(2)).getByTestId('oplog-sentence').textContent).toBe(
      t('sentence.generic', { module: menuLabel('usermanagement') }),
    );

    expect(within(tableRow(1)).getByText('ghost')).toBeTruthy();
    expect(within(tableRow(1)).getByText(t('columns.unknownAccount'))).toBeTruthy();
    expect(within(tableRow(1)).getByText(errorMessage(20001))).toBeTruthy();
    expect(within(tableRow(1)).getByTestId('oplog-outcome').className).toContain('ant-tag-warning');
  });

  it('expands an entry to its detail as formatted JSON, and offers no way to change or delete entries', async () => {
    serve();
    renderWithApp(<OperationLogPage />);
    await screen.findByText(errorMessage(10009), {}, SLOW);
    fireEvent.click(tableRow(2).querySelector('.ant-table-row-expand-icon')!);
    const detail = await screen.findByTestId('oplog-detail', {}, SLOW);
    expect(detail.textContent).toBe(JSON.stringify({ needed: ['usermanagement.role'] }, null, 2));
    const texts = [...document.querySelectorAll('button')].map((b) => b.textContent ?? '');
    for (const word of [tk('common.edit'), tk('common.delete')]) expect(texts.some((x) => x.includes(word))).toBe(false);
  });

  it('filters by outcome and account from page 1', async () => {
    const calls = serve();
    renderWithApp(<OperationLogPage />);
    await screen.findByText(errorMessage(10009), {}, SLOW);
    fireEvent.mouseDown(screen.getByLabelText(t('filters.outcome')));
    fireEvent.click(await screen.findByTitle(t('outcome.denied'), {}, SLOW));
    await waitFor(() => expect((calls.at(-1)!.body as { outcome?: string }).outcome).toBe('denied'), SLOW);
    await waitFor(() => expect(document.querySelector('tr[data-row-key="3"]')).toBeNull(), SLOW);
    expect(tableRow(2)).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText(t('filters.account')));
    fireEvent.click(await screen.findByTitle('Demo Admin', {}, SLOW));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ pageNo: 1, outcome: 'denied', accountId: 11 }), SLOW);
  });

  it('leaves page visits out until asked for, then names the page each visit opened', async () => {
    const calls = serve();
    renderWithApp(<OperationLogPage />);
    await screen.findByText(errorMessage(10009), {}, SLOW);
    expect(lastCall(calls, PAGE)!.body).not.toHaveProperty('visits');
    fireEvent.click(screen.getByTestId('oplog-visits'));
    await waitFor(() => expect(lastCall(calls, PAGE)!.body).toMatchObject({ visits: true, pageNo: 1 }), SLOW);
    await waitFor(() => expect(tableRow(4)).toBeTruthy(), SLOW);
    expect(within(tableRow(4)).getByText(t('actions.visit', { page: menuLabel('housemanagement.shedlist') }))).toBeTruthy();
  });
});
