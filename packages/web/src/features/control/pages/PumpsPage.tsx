import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUMP_KINDS, PUMP_LIMITS, pumpsPayload, type PumpsPayload } from '@farmsense/shared';
import { freeNumber, RowListEditor, type RowColumn } from '../components/RowListEditor';
import { pumpText } from '../components/pumpText';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without pump settings starts from one cooling pad pump, 3 °C over the set point, off over 85 % RH. */
const STARTER: PumpsPayload = {
  pumps: [{ pump: 1, kind: 'pad', auto: true, onAbove: 3, offAbove: 2, rhLimit: 85, runSeconds: 60, stopSeconds: 0 }],
};

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

/** The acknowledged pump settings in words, one line per pump. */
function PumpSummary({ value }: { value: PumpsPayload | null }): ReactElement {
  const { t } = useTranslation('control');
  if (!value) return <p>{t('versions.none')}</p>;
  return (
    <ul aria-label={t('curve.reported')}>
      {value.pumps.map((p) => (
        <li key={p.pump}>{pumpText(p, t)}</li>
      ))}
    </ul>
  );
}

/**
 * /remote-control/env-control/pumps: the cooling pad and mist pumps of a house (SPEC §2), each
 * with its on and off points over the set point, the humidity over which it stays off and its run
 * and rest cycle in multiples of 10 s. Checked by the shared rules (the server refuses the same
 * with 99996 per field), sent once confirmed by a code, pending until the controller
 * acknowledges it, with restore.
 */
export function PumpsPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<PumpsPayload>();
  return (
    <SettingGroupPage<PumpsPayload>
      app="remote-control.env-control.pumps"
      group="pumps"
      subtitle={t('pumps.subtitle')}
      schema={pumpsPayload}
      starter={STARTER}
      applyLabel={t('pumps.apply')}
      form={form}
      editor={
        <Form form={form} name="pumps" layout="vertical">
          <RowListEditor
            list="pumps"
            texts="pumps"
            rowId="pump"
            schema={pumpsPayload}
            columns={COLUMNS}
            max={PUMP_LIMITS.maxPumps}
            newRow={newPump}
          />
        </Form>
      }
      reported={(value) => <PumpSummary value={value} />}
      body={(payload, shedIds, code) => ({ group: 'pumps', shedIds, payload, ...code })}
    />
  );
}
