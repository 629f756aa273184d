import { useState, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthCodeRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { configRoute, rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { ControlCodeDialog, type ControlCode } from '../components/ControlCodeDialog';
import { SafeSettingsPage } from './SafeSettingsPage';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const PAGE = '/safecontrol/authCode/page';

const code = (over: Partial<AuthCodeRow>): AuthCodeRow => ({
  id: 1,
  shedIds: [7],
  shedNames: ['Shed A'],
  actions: null,
  validMinutes: 60,
  expiresAt: Date.now() + 3_600_000,
  expired: false,
  enabled: true,
  uses: 3,
  lastUsedAt: Date.now() - 60_000,
  remark: 'night shift',
  createdAt: Date.now() - 120_000,
  createdByName: 'Admin',
  ...over,
});
const CODES = [code({}), code({ id: 2, enabled: false, uses: 0, lastUsedAt: null, actions: ['tempDayAge'], remark: null })];

function serve(extra: Parameters<typeof mockApi>[0] = {}): RecordedCall[] {
  return mockApi({
    ...configRoute(keys),
    [`GET ${PAGE}`]: { data: { list: CODES, total: CODES.length, pageNo: 1, pageSize: 20 } },
    'POST /safecontrol/authCode/enable': { data: null },
    'POST /safecontrol/authCode/generate': { data: { id: 3, code: 'K7PQ2MXA', expiresAt: Date.now() + 1_800_000 } },
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'Shed A', shedType: 1, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 1 }],
    },
    ...extra,
  });
}

signedInEach({ farms: [PIG_FARM] });

describe('safe control settings', { timeout: 40_000 }, () => {
  it('lists the codes with their houses, allowed settings, state and uses, and disables one', async () => {
    const calls = serve();
    renderWithApp(<SafeSettingsPage />, '/safe-control/settings');
    await screen.findAllByText('night shift', {}, SLOW);
    expect(within(tableRow(1)).getByText(t('codes.allActions'))).toBeTruthy();
    expect(within(tableRow(1)).getByText(t('codes.states.enabled'))).toBeTruthy();
    expect(within(tableRow(1)).getByText('3')).toBeTruthy();
    expect(within(tableRow(2)).getByText(t('groups.tempDayAge'))).toBeTruthy();
    expect(within(tableRow(2)).getByText(t('codes.states.disabled'))).toBeTruthy();
    fireEvent.click(within(tableRow(1)).getByRole('switch'));
    await waitFor(() => expect(calls.some((c) => c.path === '/safecontrol/authCode/enable')).toBe(true));
    expect(calls.find((c) => c.path === '/safecontrol/authCode/enable')!.body).toEqual({ id: 1, enabled: false });
  });

  it('generates a code for chosen houses and shows it once', async () => {
    const calls = serve();
    renderWithApp(<SafeSettingsPage />, '/safe-control/settings');
    await screen.findAllByText('night shift', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('codes.generate')) }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // Without houses nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    await within(dialog).findByText(tk('validation.selectAtLeastOne'), {}, SLOW);
    const shedSelect = within(dialog).getAllByRole('combobox')[1]!;
    fireEvent.mouseDown(shedSelect);
    fireEvent.click(await screen.findByTitle('Shed A', {}, SLOW));
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    expect(await screen.findByTestId('generated-code', {}, SLOW)).toHaveProperty('textContent', expect.stringContaining('K7PQ2MXA'));
    const sent = calls.find((c) => c.path === '/safecontrol/authCode/generate')!;
    expect(sent.body).toEqual({ validMinutes: 60, shedIds: [7] });
  });

  it('the control code dialog sends the encrypted code and keeps a refused code on its field', async () => {
    serve();
    const seen: ControlCode[] = [];
    let refuse = true;
    function Host(): ReactElement {
      const [open, setOpen] = useState(true);
      return (
        <ControlCodeDialog
          open={open}
          title="Apply"
          onClose={() => setOpen(false)}
          run={async (c) => {
            seen.push(c);
            if (refuse) {
              const { ApiError } = await import('../../../app/api/client');
              throw new ApiError(20058, 200, null, true);
            }
          }}
        />
      );
    }
    renderWithApp(<Host />);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: t('codeDialog.confirm') }));
    await within(dialog).findByText(t('codeDialog.required'), {}, SLOW);
    expect(seen).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(t('codeDialog.code')), { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('codeDialog.confirm') }));
    await within(dialog).findByText(errorMessage(20058), {}, SLOW);
    expect(seen[0]!.codeKind).toBe('security');
    expect(await keys.decrypt(seen[0]!.code)).toBe('246810');
    refuse = false;
    fireEvent.click(within(dialog).getByLabelText(t('codeDialog.authorization')));
    fireEvent.click(within(dialog).getByRole('button', { name: t('codeDialog.confirm') }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.codeKind).toBe('authorization');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
