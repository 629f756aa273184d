import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PUMP_KINDS, PUMP_LIMITS, pumpsPayload, type PumpsPayload } from '@farmsense/shared';
import { freeNumber, type RowColumn } from '../components/RowListEditor';
import { pumpText } from '../components/pumpText';
import { RowListSettingPage, type RowListGroup } from '../components/RowListSettingPage';

type Pump = PumpsPayload['pumps'][number];

/** A pump a row: number, pad or mist, automatic, on and off points over the set point, humidity limit, run and rest. */
const COLUMNS: RowColumn[] = [
  { name: 'pump', kind: 'integer' },
  { name: 'kind', options: PUMP_KINDS, width: 140 },
  { name: 'auto', kind: 'check' },
  { name: 'onAbove' },
  { name: 'offAbove', dependsOn: ['onAbove'] },
  { name: 'rhLimit' },
  { name: 'runSeconds', kind: 'integer' },
  { name: 'stopSeconds', kind: 'integer' },
];
/** A new row: the next pump number not in the list, a pad on 3 °C over the set point. */
const newPump = (rows: readonly Partial<Pump>[]): Pump => ({
  pump: freeNumber(rows, 'pump', PUMP_LIMITS.maxPumps),
  kind: 'pad',
  auto: true,
  onAbove: 3,
  offAbove: 2,
  rhLimit: 85,
  runSeconds: 60,
  stopSeconds: 0,
});

/** A house without pump settings starts from one new row: cooling pad pump 1, 3 °C over the set point, off over 85 % RH. */
const STARTER: PumpsPayload = { pumps: [newPump([])] };

const PUMPS: RowListGroup<PumpsPayload, Pump> = {
  page: { app: 'remote-control.env-control.pumps', group: 'pumps', formName: 'pumps', schema: pumpsPayload, starter: STARTER },
  editor: { list: 'pumps', rowId: 'pump', columns: COLUMNS, max: PUMP_LIMITS.maxPumps, newRow: newPump },
  rowKey: (p) => p.pump,
};

/**
 * /remote-control/env-control/pumps: the cooling pad and mist pumps of a house (SPEC §2), each
 * with its on and off points over the set point, the humidity over which it stays off and its run
 * and rest cycle in multiples of 10 s. Checked by the shared rules (the server refuses the same
 * with 99996 per field), sent once confirmed by a code, pending until the controller
 * acknowledges it, with restore.
 */
export function PumpsPage(): ReactElement {
  const { t } = useTranslation('control');
  return <RowListSettingPage spec={PUMPS} rowText={(p) => pumpText(p, t)} />;
}
