import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAN_STAGE_LIMITS, fixedWindPayload, type FixedWindPayload } from '@farmsense/shared';
import { RowListEditor, type RowColumn } from '../components/RowListEditor';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without fan stages starts from three stages 1 °C apart, running continuously. */
const STARTER: FixedWindPayload = {
  stages: [
    { fan: 2, onAbove: 1, offAbove: 0.5, runSeconds: 60, stopSeconds: 0 },
    { fan: 3, onAbove: 2, offAbove: 1.5, runSeconds: 60, stopSeconds: 0 },
    { fan: 4, onAbove: 3, offAbove: 2.5, runSeconds: 60, stopSeconds: 0 },
  ],
};

type Stage = FixedWindPayload['stages'][number];

/** A stage a row: the fan, on and off points over the set point, run and rest seconds. */
const COLUMNS: RowColumn[] = [
  { name: 'fan', kind: 'integer' },
  { name: 'onAbove' },
  { name: 'offAbove', dependsOn: ['onAbove'] },
  { name: 'runSeconds', kind: 'integer' },
  { name: 'stopSeconds', kind: 'integer' },
];

/** A new last stage: the next fan, on 1 °C after the last stage. */
function newStage(rows: readonly Partial<Stage>[]): Stage {
  const last = rows.at(-1);
  const fan = Math.min(FAN_STAGE_LIMITS.maxFan, (last?.fan ?? 1) + 1);
  const onAbove = Math.min(FAN_STAGE_LIMITS.maxOnAbove, (last?.onAbove ?? 0) + 1);
  return { fan, onAbove, offAbove: onAbove - 0.5, runSeconds: 60, stopSeconds: 0 };
}

/** The acknowledged stages in words, one line per stage. */
function StageSummary({ value }: { value: FixedWindPayload | null }): ReactElement {
  const { t } = useTranslation('control');
  if (!value) return <p>{t('versions.none')}</p>;
  return (
    <ul aria-label={t('curve.reported')}>
      {value.stages.map((s, i) => (
        <li key={s.fan}>
          {t('fixedWind.summary', { n: i + 1, fan: s.fan, on: s.onAbove, off: s.offAbove, run: s.runSeconds, stop: s.stopSeconds })}
        </li>
      ))}
    </ul>
  );
}

/**
 * /remote-control/env-control/fixed-wind: the fixed-speed fan stages of a house (SPEC §2), each
 * with its on and off points over the set point and its run and rest cycle in multiples of 10 s.
 * Checked by the shared rules (the server refuses the same with 99996 per field), sent once
 * confirmed by a code, pending until the controller acknowledges it, with restore.
 */
export function FixedWindPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<FixedWindPayload>();
  return (
    <SettingGroupPage<FixedWindPayload>
      app="remote-control.env-control.fixed-wind"
      group="fixedWind"
      subtitle={t('fixedWind.subtitle')}
      schema={fixedWindPayload}
      starter={STARTER}
      applyLabel={t('fixedWind.apply')}
      form={form}
      editor={
        <Form form={form} name="fanStages" layout="vertical">
          <RowListEditor
            list="stages"
            texts="fixedWind"
            rowId="stage"
            schema={fixedWindPayload}
            columns={COLUMNS}
            max={FAN_STAGE_LIMITS.maxStages}
            newRow={newStage}
          />
        </Form>
      }
      reported={(value) => <StageSummary value={value} />}
      body={(payload, shedIds, code) => ({ group: 'fixedWind', shedIds, payload, ...code })}
    />
  );
}
