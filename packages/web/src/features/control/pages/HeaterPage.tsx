import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { HEATER_LIMITS, heaterPayload, type HeaterPayload } from '@farmsense/shared';
import { freeNumber, type RowColumn } from '../components/RowListEditor';
import { RowListSettingPage, type RowListGroup } from '../components/RowListSettingPage';

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

const HEATERS: RowListGroup<HeaterPayload, Heater> = {
  page: { app: 'remote-control.env-control.heater', group: 'heater', formName: 'heaters', schema: heaterPayload, starter: STARTER },
  editor: { list: 'heaters', rowId: 'heater', columns: COLUMNS, max: HEATER_LIMITS.maxHeaters, newRow: newHeater },
  rowKey: (h) => h.index,
};

/**
 * /remote-control/env-control/heater: when each heater of a house switches on and off against the
 * set point (SPEC §2). Checked by the shared heater rules (the server refuses the same with 20053),
 * sent to the house's controller (and other houses) once confirmed by a code, shown pending until
 * the controller acknowledges it, with the acknowledged points beside the form and restore.
 */
export function HeaterPage(): ReactElement {
  const { t } = useTranslation('control');
  return (
    <RowListSettingPage
      spec={HEATERS}
      rowText={(h) =>
        h.enabled ? t('heater.summary', { index: h.index, on: h.onBelow, off: h.offBelow }) : t('heater.disabled', { index: h.index })
      }
    />
  );
}
