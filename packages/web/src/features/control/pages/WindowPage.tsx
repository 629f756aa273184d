import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  OPENING_CONTROLS,
  OPENING_KINDS,
  OPENING_LIMITS,
  SIDE_INLET,
  windowPayload,
  type OpeningSetting,
  type WindowPayload,
} from '@farmsense/shared';
import { freeNumber, RowListEditor, type RowColumn } from '../components/RowListEditor';
import { openingText } from '../components/openingText';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** An opening a row: which one, driven by pressure or temperature, its points and its opening range. */
const COLUMNS: RowColumn[] = [
  { name: 'kind', options: OPENING_KINDS, width: 130 },
  { name: 'index', kind: 'integer', dependsOn: ['kind'] },
  { name: 'control', options: OPENING_CONTROLS, width: 150 },
  { name: 'pressureTarget' },
  { name: 'pressureBand' },
  { name: 'openFrom' },
  { name: 'fullyOpen', dependsOn: ['openFrom', 'control'] },
  { name: 'minOpen' },
  { name: 'maxOpen', dependsOn: ['minOpen'] },
];
/** A new opening: the next number of a side inlet, held at 20 Pa. */
const newOpening = (rows: readonly Partial<OpeningSetting>[]): OpeningSetting => ({
  ...SIDE_INLET,
  index: freeNumber(
    rows.filter((r) => r.kind === 'side'),
    'index',
    OPENING_LIMITS.maxIndex,
  ),
});

/** A house without opening settings starts from its side inlet held at 20 Pa and its curtain opening from 2 °C over the set point. */
const STARTER: WindowPayload = {
  openings: [newOpening([]), { ...newOpening([]), kind: 'curtain', control: 'temperature', openFrom: 2, fullyOpen: 5, minOpen: 0 }],
};

/** The acknowledged openings in words, one line each. */
function OpeningSummary({ value }: { value: WindowPayload | null }): ReactElement {
  const { t } = useTranslation('control');
  if (!value) return <p>{t('versions.none')}</p>;
  return (
    <ul aria-label={t('curve.reported')}>
      {value.openings.map((o) => (
        <li key={`${o.kind}.${o.index}`}>{openingText(o, t)}</li>
      ))}
    </ul>
  );
}

/**
 * /remote-control/env-control/window: the side inlets, roof inlets and curtains of a house (SPEC
 * §2), each driven by the static pressure (target and band) or the temperature (open-from and
 * fully-open over the set point) within its opening range. Checked by the shared rules (the server
 * refuses the same with 99996 per field), sent once confirmed by a code, pending until the
 * controller acknowledges it, with restore.
 */
export function WindowPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<WindowPayload>();
  return (
    <SettingGroupPage<WindowPayload>
      app="remote-control.env-control.window"
      group="window"
      subtitle={t('window.subtitle')}
      schema={windowPayload}
      starter={STARTER}
      applyLabel={t('window.apply')}
      form={form}
      editor={
        <Form form={form} name="openings" layout="vertical">
          <RowListEditor
            list="openings"
            texts="window"
            rowId="opening"
            schema={windowPayload}
            columns={COLUMNS}
            max={OPENING_LIMITS.maxOpenings}
            newRow={newOpening}
          />
        </Form>
      }
      reported={(value) => <OpeningSummary value={value} />}
      body={(payload, shedIds, code) => ({ group: 'window', shedIds, payload, ...code })}
    />
  );
}
