import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIGHTING_LIMITS, lightingPayload, type LightingPayload, type LightingPoint } from '@farmsense/shared';
import { lightingText } from '../components/lightingText';
import { RowListEditor, type RowColumn } from '../components/RowListEditor';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without a lighting schedule starts from long days for the chicks, then 18 hours at 60 %. */
const STARTER: LightingPayload = {
  points: [
    { day: 0, on: '00:00', off: '23:00', intensity: 100 },
    { day: 7, on: '04:00', off: '22:00', intensity: 60 },
  ],
};

/** A point a row: from which day, lamps on and off (local `HH:MM`), intensity in % of full output. */
const COLUMNS: RowColumn[] = [
  { name: 'day', kind: 'integer' },
  { name: 'on', kind: 'time' },
  { name: 'off', kind: 'time', dependsOn: ['on'] },
  { name: 'intensity' },
];

/** A new last point: a week after the last, with its times and intensity. */
function newPoint(rows: readonly Partial<LightingPoint>[]): LightingPoint {
  const last = rows.at(-1);
  return {
    day: Math.min(LIGHTING_LIMITS.maxDay, (last?.day ?? -7) + 7),
    on: last?.on ?? '06:00',
    off: last?.off ?? '22:00',
    intensity: last?.intensity ?? 100,
  };
}

/** The acknowledged schedule in words, one line per point. */
function LightingSummary({ value }: { value: LightingPayload | null }): ReactElement {
  const { t } = useTranslation('control');
  if (!value) return <p>{t('versions.none')}</p>;
  return (
    <ul aria-label={t('curve.reported')}>
      {value.points.map((p) => (
        <li key={p.day}>{lightingText(p, t)}</li>
      ))}
    </ul>
  );
}

/**
 * /remote-control/env-control/light: a house's lighting schedule by the flock's day age (when the
 * lamps are on and how bright). Checked by the shared rules (the server refuses the same with
 * 99996 per field), sent once confirmed by a code, pending until the controller acknowledges it,
 * with restore.
 */
export function LightingPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<LightingPayload>();
  return (
    <SettingGroupPage<LightingPayload>
      app="remote-control.env-control.light"
      group="lighting"
      subtitle={t('lighting.subtitle')}
      schema={lightingPayload}
      starter={STARTER}
      applyLabel={t('lighting.apply')}
      form={form}
      editor={
        <Form form={form} name="lighting" layout="vertical">
          <RowListEditor
            list="points"
            texts="lighting"
            rowId="lighting"
            schema={lightingPayload}
            columns={COLUMNS}
            max={LIGHTING_LIMITS.maxPoints}
            newRow={newPoint}
          />
        </Form>
      }
      reported={(value) => <LightingSummary value={value} />}
      body={(payload, shedIds, code) => ({ group: 'lighting', shedIds, payload, ...code })}
    />
  );
}
