import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmRuleRow, RuleGroupRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type Answer, type RecordedCall, lastQuery } from '../../../test/mockApi';
import { alarmRuleRow } from '../../../test/fixtures';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { RuleConfigPage } from './RuleConfigPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`alarms.${key}`, vars);
const GROUPS = '/warning/ruleGroup/page';
const RULES = '/warning/rule/page';
const RULE = '/warning/rule';

const group = (over: Partial<RuleGroupRow>): RuleGroupRow => ({
  id: 1,
  farmId: 1,
  farmName: 'Demo Pig Farm',
  shedType: 1,
  name: 'Fattening',
  enabled: true,
  remark: null,
  ruleCount: 1,
  updatedAt: 0,
  ...over,
});

const HOT: AlarmRuleRow = alarmRuleRow();

function serve(ruleAdd: Answer = { data: { id: 12 } }): RecordedCall[] {
  return mockApi({
    [`GET ${GROUPS}`]: {
      data: { list: [group({}), group({ id: 2, name: 'Sows', shedType: 2, ruleCount: 0 })], total: 2, pageNo: 1, pageSize: 200 },
    },
    [`GET ${RULES}`]: (call) => {
      const list = call.query.groupId === '1' ? [HOT] : [];
      return { data: { list, total: list.length, pageNo: 1, pageSize: 20 } };
    },
    [`POST ${RULE}`]: ruleAdd,
    [`DELETE ${RULE}/11`]: {},
  });
}

const stageInput = (label: string, n: number): HTMLElement => screen.getByLabelText(t(`rules.stage.${label}Of`, { n }));
const type = (el: HTMLElement, value: string): void => void fireEvent.change(el, { target: { value } });

/** Opens the add form of the first group and fills the fields every rule needs. */
async function openAddForm(): Promise<HTMLElement> {
  await screen.findByText('Too hot', {}, SLOW);
  fireEvent.click(screen.getByText(t('rules.add')).closest('button')!);
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  type(within(dialog).getByLabelText(t('rules.fields.name')), 'Cold nights');
  type(within(dialog).getByLabelText(t('rules.fields.message')), 'Close the inlets');
  return dialog;
}

/** What every rule added through openAddForm sends besides its kind's fields. */
const FILLED = { groupId: 1, name: 'Cold nights', level: 1, message: 'Close the inlets', enabled: true };

/** Saves the rule dialog and waits for the rule it adds; answers what was sent. */
async function savedRule(dialog: HTMLElement, calls: readonly RecordedCall[]): Promise<unknown> {
  fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
  await waitFor(() => expect(calls.find((c) => c.path === RULE && c.method === 'POST')).toBeTruthy(), SLOW);
  return calls.find((c) => c.path === RULE && c.method === 'POST')!.body;
}

signedInEach({ farms: [PIG_FARM] });

describe('alarm rules page', { timeout: 60_000 }, () => {
  it("lists the farm's rule groups and the first group's rules with their day-age stages", async () => {
    const calls = serve();
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    await screen.findByText('Too hot', {}, SLOW);
    expect(calls.find((c) => c.path === GROUPS)!.query).toMatchObject({ farmId: '1' });
    expect(calls.find((c) => c.path === RULES)!.query).toMatchObject({ groupId: '1', pageNo: '1' });
    expect(screen.getByTestId('rules-title').textContent).toBe(t('rules.titleOf', { name: 'Fattening' }));
    // Each group counts its rules.
    expect(t('groups.ruleCount', { count: 0 })).toMatch(/\D0$/);
    expect(document.body.textContent).toContain(` · ${t('groups.ruleCount', { count: 0 })}`);
    // The rules list offers its column chooser; the group list (name and actions) has nothing to choose.
    expect(screen.getAllByRole('button', { name: tk('common.columns.choose') })).toHaveLength(1);
    const stages = screen.getByTestId('rule-stages').textContent!;
    expect(stages).toContain(`${t('rules.days', { from: 0, to: 20 })}: 32.0\u2009°C`);
    expect(stages).toContain(`${t('rules.days', { from: 21, to: 9999 })}: ${t('rules.relative', { offset: '+3.0\u2009°C' })}`);

    // Another group: its rules, from page 1, in the address.
    fireEvent.click(screen.getByText('Sows'));
    await waitFor(() => expect(lastQuery(calls, RULES)).toMatchObject({ groupId: '2' }), SLOW);
    expect(await screen.findByText(t('rules.empty'), {}, SLOW)).toBeTruthy();
  });

  it('names overlapping stages on their row as they are typed, and sends nothing until they are fixed', async () => {
    const calls = serve();
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    const dialog = await openAddForm();
    type(stageInput('toDay', 1), '20');
    type(stageInput('high', 1), '30,5');
    fireEvent.click(within(dialog).getByText(t('rules.stage.add')).closest('button')!);
    type(stageInput('fromDay', 2), '15');
    type(stageInput('toDay', 2), '40');
    type(stageInput('high', 2), '28');
    const problem = await within(dialog).findByTestId('stage-problem', {}, SLOW);
    expect(problem.textContent).toContain(errorMessage(20028));
    // On the second row.
    expect(within(within(dialog).getAllByTestId('stage-row')[1]!).getByTestId('stage-problem')).toBe(problem);
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.path === RULE && c.method === 'POST')).toBe(false);

    type(stageInput('fromDay', 2), '21');
    await waitFor(() => expect(within(dialog).queryByTestId('stage-problem')).toBeNull(), SLOW);
    expect(await savedRule(dialog, calls)).toEqual({
      ...FILLED,
      kind: 'threshold',
      property: 'temp',
      operator: 'gt',
      durationSec: 0,
      deadband: 0,
      stages: [
        { fromDay: 0, toDay: 20, limitKind: 'absolute', low: null, high: 30.5 },
        { fromDay: 21, toDay: 40, limitKind: 'absolute', low: null, high: 28 },
      ],
    });
  });

  it('shows a limit the operator needs under its field', async () => {
    const calls = serve();
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    const dialog = await openAddForm();
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    expect(await within(dialog).findByText(tk('validation.required'), {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path === RULE && c.method === 'POST')).toBe(false);
  });

  it("shows the server's stage refusal on the row it names", async () => {
    serve({ code: 20027, data: { field: 'stages', index: 0 } });
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    const dialog = await openAddForm();
    type(stageInput('high', 1), '30');
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    const problem = await within(dialog).findByTestId('stage-problem', {}, SLOW);
    expect(problem.textContent).toContain(errorMessage(20027));
    expect(within(within(dialog).getAllByTestId('stage-row')[0]!).getByTestId('stage-problem')).toBe(problem);
  });

  it('offers the command-failed device state: no property, limits or duration, and saves the kind alone', async () => {
    const calls = serve();
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    const dialog = await openAddForm();
    expect(within(dialog).getByLabelText(t('rules.fields.property'))).toBeTruthy();
    fireEvent.click(within(dialog).getByText(t('kinds.commandFailed')));
    expect(await within(dialog).findByText(t('rules.commandFailedHint'), {}, SLOW)).toBeTruthy();
    expect(within(dialog).queryByLabelText(t('rules.fields.property'))).toBeNull();
    expect(within(dialog).queryByLabelText(t('rules.fields.durationSec'))).toBeNull();
    expect(within(dialog).queryByText(t('rules.stagesTitle'))).toBeNull();
    expect(await savedRule(dialog, calls)).toEqual({
      ...FILLED,
      kind: 'commandFailed',
    });
  });

  it('offers the rate of change with its direction, amount and window, checked as typed, and saves them', async () => {
    const calls = serve();
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    const dialog = await openAddForm();
    fireEvent.click(within(dialog).getByText(t('kinds.rateOfChange')));
    const amount = await within(dialog).findByLabelText(t('rules.fields.rateAmount'), {}, SLOW);
    expect(within(dialog).getByText(t('directions.rising'))).toBeTruthy();
    type(amount, '0');
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    expect(await within(dialog).findByText(tk('validation.positive'), {}, SLOW)).toBeTruthy();
    type(amount, '2,5');
    type(within(dialog).getByLabelText(t('rules.fields.deadband')), '3');
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    expect(await within(dialog).findByText(tk('validation.deadbandBelowAmount'), {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path === RULE && c.method === 'POST')).toBe(false);
    type(within(dialog).getByLabelText(t('rules.fields.deadband')), '0,5');
    type(within(dialog).getByLabelText(t('rules.fields.windowMinutes')), '15');
    expect(await savedRule(dialog, calls)).toEqual({
      ...FILLED,
      kind: 'rateOfChange',
      property: 'temp',
      direction: 'rising',
      rateAmount: 2.5,
      windowMinutes: 15,
      durationSec: 0,
      deadband: 0.5,
    });
  });

  it('deletes a rule after a confirmation', async () => {
    const calls = serve();
    renderWithApp(<RuleConfigPage />, '/warningmanagement/warningconfiguration');
    await screen.findByText('Too hot', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: t('rules.deleteOf', { name: 'Too hot' }) }));
    const confirm = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(confirm).getByRole('button', { name: tk('common.delete') }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`${RULE}/11`), SLOW);
  });
});
