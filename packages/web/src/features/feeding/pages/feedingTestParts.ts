import { fireEvent, screen, within } from '@testing-library/react';
import { FEEDER_DEFAULTS } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, SLOW, type RecordedCall } from '../../../test/mockApi';
import { configRoute, type TestKeys } from '../../../test/rsaKeys';
import { signedInEach } from '../../../test/session';
import { tableRow } from '../../../test/table';

/** Test parts of the feeding pages: the remote pages' server, rows and code dialog; a feeder's day. */
/** A demo feeder's settings: screen, lock, bait, temperature window and automatic feeding. */
export const FEEDER_PARAMS = { ...FEEDER_DEFAULTS };

/** A text of the feeding catalogue, as the pages show it. */
export const tf = (key: string, vars: Record<string, unknown> = {}): string => tk(`feeding.${key}`, vars);

/** The farm of the feeding pages' tests (farm 5, a pig farm). */
export const FEEDING_FARM = { id: 5, farmId: 5, farmName: 'Demo Pig Farm', type: 1, scale: null, timeZone: 'Asia/Shanghai' };

/** The feeding farm's house as the house list answers it: Farrowing 1 (51). */
export const FEEDING_SHEDS = {
  data: [{ tid: 51, shedName: 'Farrowing 1', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 5 }],
};

/** Signs in before each test with the feeding farm as the account's one farm. */
export function signedInToFeedingFarm(): void {
  signedInEach({ farms: [FEEDING_FARM] });
}

/** Serves the signed-in shell, one house (Gestation 1, id 7), the page's list and its send answer. */
export function serveRemote(keys: TestKeys, list: string, rows: unknown[], send: string, results: unknown[]): RecordedCall[] {
  return mockApi({
    ...configRoute(keys),
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'Gestation 1', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 2 }],
    },
    [`GET ${list}`]: { data: rows },
    [`POST ${send}`]: { data: { results } },
  });
}

/** Types into the dialog's meal period (its one meal): start and end (`HH:MM`), share of the day's ration (%). */
export function fillMeal(dialog: HTMLElement, values: { start?: string; end?: string; share?: string }): void {
  const meal = within(dialog).getByTestId('plan-meal');
  const labels = { start: 'mealStart', end: 'mealEnd', share: 'mealShare' } as const;
  for (const [key, value] of Object.entries(values) as [keyof typeof labels, string][]) {
    fireEvent.change(within(meal).getByLabelText(tf(`plan.fields.${labels[key]}`)), { target: { value } });
  }
}

export function selectRow(id: number): void {
  fireEvent.click(within(tableRow(id)).getByRole('checkbox'));
}

/** Types the code into the code dialog (another dialog, a settings form, may still be closing) and confirms. */
export async function confirmWithCode(code: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(tk('control.codeDialog.code'), {}, SLOW), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: tk('control.codeDialog.confirm') }));
}

/** A feeder's day on Farrowing 1 (pen 1-1) as the records and amounts lists answer it. */
export function feederDay(feederId: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const no = String(feederId).padStart(3, '0');
  return {
    farmName: 'Demo Pig Farm',
    shedId: 51,
    shedName: 'Farrowing 1',
    penId: 7,
    penColumn: 1,
    penRow: 1,
    day: '2026-11-27',
    feederId,
    feederNo: no,
    feederName: `Crate ${feederId}`,
    planned: 6500,
    dispensed: feederId === 1 ? 6480 : 300,
    ...over,
  };
}
