import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PhoneConfigRow, PushStrategyRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type Answer, type RecordedCall, posted } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { PushConfigPage } from './PushConfigPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`alarms.${key}`, vars);
const STRATEGY = '/warning/push/strategy';
const PHONE = '/warning/push/phone';
const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNo: 1, pageSize: 1 } });

const NIGHT: PushStrategyRow = {
  id: 5,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  name: 'Night watch',
  levels: [1, 2],
  kinds: ['threshold'],
  properties: [],
  people: [{ id: 7, name: 'Keeper Li', email: 'li@farm.cn', phoneNo: null }],
  extraEmails: ['vet@clinic.cn'],
  language: 'en-us',
  methods: ['email'],
  intervalMinutes: 30,
  sendDelaySec: 60,
  enabled: true,
  updatedAt: 0,
};

const CALLS: PhoneConfigRow = {
  id: 9,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  callers: [{ name: 'Farm line', number: '+8610000', priority: 1 }],
  callees: [
    { name: 'Manager', number: '+8613900000001', priority: 5 },
    { name: 'Keeper', number: '+8613900000002', priority: 3 },
  ],
  templateId: null,
  templateContent: '{{farm}} {{shed}}: {{alarms}}',
  language: 'zh-cn',
  intervalMinutes: 10,
  enabled: true,
  updatedAt: 0,
};

function serve({
  strategies = [],
  phones = [],
  add = { data: { id: 6 } },
}: { strategies?: PushStrategyRow[]; phones?: PhoneConfigRow[]; add?: Answer } = {}): RecordedCall[] {
  return mockApi({
    [`GET ${STRATEGY}/page`]: page(strategies),
    [`GET ${PHONE}/page`]: page(phones),
    [`POST ${STRATEGY}`]: add,
    [`POST ${PHONE}`]: add,
    [`DELETE ${STRATEGY}/5`]: {},
    // Who can see the farm: the people picker's list (the tenant has more accounts, see below).
    [`GET /warning/push/people`]: { data: [{ id: 7, name: 'Keeper Li', email: 'li@farm.cn', phoneNo: null }] },
  });
}

const type = (el: HTMLElement, value: string): void => void fireEvent.change(el, { target: { value } });
const save = (dialog: HTMLElement): void => void fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
/** Opens the page (no strategies or phone settings yet) and the add dialog of one of its lists. */
async function openAddDialog(list: 'strategy' | 'phone'): Promise<HTMLElement> {
  renderWithApp(<PushConfigPage />, '/pushmanagement/pushpolicyconfiguration');
  await screen.findByText(t(`pushConfig.${list}.empty`), {}, SLOW);
  fireEvent.click(screen.getByText(t(`pushConfig.${list}.add`)).closest('button')!);
  return screen.findByRole('dialog', {}, SLOW);
}

signedInEach({
  farms: [PIG_FARM],
  accounts: [
    { label: 'Keeper Li', value: 7 },
    { label: 'Office Wang', value: 8 },
  ],
});

describe('push configuration page', { timeout: 60_000 }, () => {
  it("shows the farm's strategy and phone configuration; the add buttons wait while one exists", async () => {
    const calls = serve({ strategies: [NIGHT], phones: [CALLS] });
    renderWithApp(<PushConfigPage />, '/pushmanagement/pushpolicyconfiguration');
    await screen.findByText('Night watch', {}, SLOW);
    expect(calls.find((c) => c.path === `${STRATEGY}/page`)!.query).toMatchObject({ farmId: '1' });
    expect(screen.getByText('vet@clinic.cn')).toBeTruthy();
    expect(screen.getByText('Keeper Li')).toBeTruthy();
    // Callees highest priority first.
    const manager = screen.getByText(/Manager/);
    const keeper = screen.getByText(/^Keeper \+/);
    expect(manager.compareDocumentPosition(keeper) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(t('pushConfig.strategy.add')).closest('button')!.disabled).toBe(true);
    expect(screen.getByText(t('pushConfig.phone.add')).closest('button')!.disabled).toBe(true);
    // Each of the two lists has its own column chooser.
    expect(screen.getAllByRole('button', { name: tk('common.columns.choose') })).toHaveLength(2);
  });

  it('names a bad extra e-mail as it is typed, then sends the list as one text', async () => {
    const calls = serve();
    const dialog = await openAddDialog('strategy');
    type(within(dialog).getByLabelText(t('pushConfig.strategy.fields.name')), 'Day shift');
    const emails = within(dialog).getByLabelText(t('pushConfig.strategy.fields.extraEmails'));
    type(emails, 'a@farm.cn; not-mail');
    expect(await within(dialog).findByText(t('pushConfig.strategy.badEmail', { email: 'not-mail' }), {}, SLOW)).toBeTruthy();
    save(dialog);
    await new Promise((r) => setTimeout(r, 300));
    expect(posted(calls, STRATEGY)).toBeUndefined();

    type(emails, 'a@farm.cn;b@farm.cn');
    save(dialog);
    await waitFor(() => expect(posted(calls, STRATEGY)).toBeTruthy(), SLOW);
    expect(posted(calls, STRATEGY)).toMatchObject({
      farmId: 1,
      name: 'Day shift',
      extraEmails: 'a@farm.cn;b@farm.cn',
      accountIds: [],
      methods: ['email'],
      levels: [1, 2, 3],
      language: 'en-us',
    });
  });

  it("offers as people the accounts who can see the farm, not the tenant's whole list", async () => {
    const calls = serve();
    const dialog = await openAddDialog('strategy');
    await waitFor(() => expect(calls.find((c) => c.path === '/warning/push/people')?.query).toEqual({ farmId: '1' }), SLOW);
    const picker = within(dialog).getByLabelText(t('pushConfig.strategy.fields.people'));
    fireEvent.mouseDown(picker.closest('.ant-select')!.querySelector('.ant-select-selector') ?? picker);
    expect(await screen.findByTitle('Keeper Li', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTitle('Office Wang')).toBeNull();
  });

  it('refuses a strategy without anyone to tell, and shows 20029 under the name', async () => {
    const calls = serve({ add: { code: 20029 } });
    const dialog = await openAddDialog('strategy');
    type(within(dialog).getByLabelText(t('pushConfig.strategy.fields.name')), 'Day shift');
    save(dialog);
    expect(await within(dialog).findByText(tk('validation.pushNoRecipient'), {}, SLOW)).toBeTruthy();
    expect(posted(calls, STRATEGY)).toBeUndefined();
    type(within(dialog).getByLabelText(t('pushConfig.strategy.fields.extraEmails')), 'a@farm.cn');
    save(dialog);
    expect(await within(dialog).findByText(errorMessage(20029), {}, SLOW)).toBeTruthy();
  });

  it('marks a repeated priority on its row and sends the numbers once they differ', async () => {
    const calls = serve();
    const dialog = await openAddDialog('phone');
    const field = (what: 'name' | 'number' | 'priority', list: 'callers' | 'callees', n: number): HTMLElement =>
      within(dialog).getByLabelText(t(`pushConfig.phone.${what}Of`, { list: t(`pushConfig.phone.fields.${list}`), n }));
    type(field('name', 'callers', 1), 'Farm line');
    type(field('number', 'callers', 1), '+8610000');
    type(field('name', 'callees', 1), 'Manager');
    type(field('number', 'callees', 1), '+8613900000001');
    type(field('name', 'callees', 2), 'Keeper');
    type(field('number', 'callees', 2), '+8613900000002');
    type(field('priority', 'callees', 2), '2');
    type(within(dialog).getByLabelText(t('pushConfig.phone.fields.templateContent')), 'Alarm at {{farm}}');
    save(dialog);
    expect(await within(dialog).findByText(tk('validation.priorityRepeated'), {}, SLOW)).toBeTruthy();
    expect(posted(calls, PHONE)).toBeUndefined();

    type(field('priority', 'callees', 2), '1');
    await waitFor(() => expect(within(dialog).queryByText(tk('validation.priorityRepeated'))).toBeNull(), SLOW);
    save(dialog);
    await waitFor(() => expect(posted(calls, PHONE)).toBeTruthy(), SLOW);
    expect(posted(calls, PHONE)).toMatchObject({
      farmId: 1,
      callers: [{ name: 'Farm line', number: '+8610000', priority: 1 }],
      callees: [
        { name: 'Manager', number: '+8613900000001', priority: 2 },
        { name: 'Keeper', number: '+8613900000002', priority: 1 },
      ],
      templateContent: 'Alarm at {{farm}}',
      intervalMinutes: 10,
      language: 'en-us',
    });
  });

  it('deletes the strategy after a confirmation', async () => {
    const calls = serve({ strategies: [NIGHT] });
    renderWithApp(<PushConfigPage />, '/pushmanagement/pushpolicyconfiguration');
    await screen.findByText('Night watch', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: t('pushConfig.strategy.deleteOf', { name: 'Night watch' }) }));
    const confirm = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(confirm).getByRole('button', { name: tk('common.delete') }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`${STRATEGY}/5`), SLOW);
  });
});
