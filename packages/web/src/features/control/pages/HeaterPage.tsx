import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEATER_LIMITS, heaterPayload, type HeaterPayload } from '@farmsense/shared';
import { freeNumber, RowListEditor, type RowColumn } from '../components/RowListEditor';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without heater settings starts from the controller's usual two stages. */
const STARTER: HeaterPayload = {
  heaters: [
    { index: 1, enabled: true, onBelow: 1, offBelow: 0 },
    { index: 2, enabled: true, onBelow: 2, offBelow: 1 },
  ],
};

type Heater = HeaterPayload['heaters'][number];

/** A heater a row: its number, on and off points under the set point, in automatic use. */
const COLUMNS: RowColumn[] = [
  { name: 'index', kind: 'integer' },
  { name: 'onBelow' },
  { name: 'offBelow', dependsOn: ['onBelow'] },
  { name: 'enabled', kind: 'check' },
];
/** A new row: the next heater number not in the list, on 2 °C under the set point. */
const newHeater = (rows: readonly Partial<Heater>[]): Heater => ({
  index: freeNumber(rows, 'index', HEATER_LIMITS.maxHeaters),
  enabled: true,
  onBelow: 2,
  offBelow: 1,
});

/** The acknowledged heater points in words, one line per heater. */
function HeaterSummary({ value }: { value: HeaterPayload | null }): ReactElement {
  const { t } = useTranslation('control');
  if (!value) return <p>{t('versions.none')}</p>;
  return (
    <ul aria-label={t('curve.reported')}>
      {value.heaters.map((h) => (
        <li key={h.index}>
          {h.enabled ? t('heater.summary', { index: h.index, on: h.onBelow, off: h.offBelow }) : t('heater.disabled', { index: h.index })}
        </li>
      ))}
    </ul>
  );
}

/**
 * /remote-control/env-control/heater: when each heater of a house switches on and off against the
 * set point (SPEC §2). Checked by the shared heater rules (the server refuses the same with 20053),
 * sent to the house's controller (and other houses) once confirmed by a code, shown pending until
 * the controller acknowledges it, with the acknowledged points beside the form and restore.
 */
export function HeaterPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<HeaterPayload>();
  return (
    <SettingGroupPage<HeaterPayload>
      app="remote-control.env-control.heater"
      group="heater"
      subtitle={t('heater.subtitle')}
      schema={heaterPayload}
      starter={STARTER}
      applyLabel={t('heater.apply')}
      form={form}
      editor={
        <Form form={form} name="heaters" layout="vertical">
          <RowListEditor
            list="heaters"
            texts="heater"
            rowId="heater"
            schema={heaterPayload}
            columns={COLUMNS}
            max={HEATER_LIMITS.maxHeaters}
            newRow={newHeater}
          />
        </Form>
      }
      reported={(value) => <HeaterSummary value={value} />}
      body={(payload, shedIds, code) => ({ group: 'heater', shedIds, payload, ...code })}
    />
  );
}
