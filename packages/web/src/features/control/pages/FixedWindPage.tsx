import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FAN_STAGE_LIMITS, fixedWindPayload, type FixedWindPayload } from '@farmsense/shared';
import { type RowColumn } from '../components/RowListEditor';
import { RowListSettingPage, type RowListGroup } from '../components/RowListSettingPage';

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

const FAN_STAGES: RowListGroup<FixedWindPayload, Stage> = {
  page: {
    app: 'remote-control.env-control.fixed-wind',
    group: 'fixedWind',
    formName: 'fanStages',
    schema: fixedWindPayload,
    starter: STARTER,
  },
  editor: { list: 'stages', rowId: 'stage', columns: COLUMNS, max: FAN_STAGE_LIMITS.maxStages, newRow: newStage },
  rowKey: (s) => s.fan,
};

/**
 * /remote-control/env-control/fixed-wind: the fixed-speed fan stages of a house (SPEC §2), each
 * with its on and off points over the set point and its run and rest cycle in multiples of 10 s.
 * Checked by the shared rules (the server refuses the same with 99996 per field), sent once
 * confirmed by a code, pending until the controller acknowledges it, with restore.
 */
export function FixedWindPage(): ReactElement {
  const { t } = useTranslation('control');
  return (
    <RowListSettingPage
      spec={FAN_STAGES}
      rowText={(s, i) =>
        t('fixedWind.summary', { n: i + 1, fan: s.fan, on: s.onAbove, off: s.offAbove, run: s.runSeconds, stop: s.stopSeconds })
      }
    />
  );
}
