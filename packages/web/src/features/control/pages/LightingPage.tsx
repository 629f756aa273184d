import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LIGHTING_LIMITS, lightingPayload, type LightingPayload, type LightingPoint } from '@farmsense/shared';
import { lightingText } from '../components/lightingText';
import { type RowColumn } from '../components/RowListEditor';
import { RowListSettingPage, type RowListGroup } from '../components/RowListSettingPage';

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

const LIGHTING: RowListGroup<LightingPayload, LightingPoint> = {
  page: { app: 'remote-control.env-control.light', group: 'lighting', formName: 'lighting', schema: lightingPayload, starter: STARTER },
  editor: { list: 'points', rowId: 'lighting', columns: COLUMNS, max: LIGHTING_LIMITS.maxPoints, newRow: newPoint },
  rowKey: (p) => p.day,
};

/**
 * /remote-control/env-control/light: a house's lighting schedule by the flock's day age (when the
 * lamps are on and how bright). Checked by the shared rules (the server refuses the same with
 * 99996 per field), sent once confirmed by a code, pending until the controller acknowledges it,
 * with restore.
 */
export function LightingPage(): ReactElement {
  const { t } = useTranslation('control');
  return <RowListSettingPage spec={LIGHTING} rowText={(p) => lightingText(p, t)} />;
}
