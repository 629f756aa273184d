import type { ReactElement } from 'react';
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
import { freeNumber, type RowColumn } from '../components/RowListEditor';
import { openingText } from '../components/openingText';
import { RowListSettingPage, type RowListGroup } from '../components/RowListSettingPage';

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

const OPENINGS: RowListGroup<WindowPayload, OpeningSetting> = {
  page: { app: 'remote-control.env-control.window', group: 'window', formName: 'openings', schema: windowPayload, starter: STARTER },
  editor: { list: 'openings', rowId: 'opening', columns: COLUMNS, max: OPENING_LIMITS.maxOpenings, newRow: newOpening },
  rowKey: (o) => `${o.kind}.${o.index}`,
};

/**
 * /remote-control/env-control/window: the side inlets, roof inlets and curtains of a house (SPEC
 * §2), each driven by the static pressure (target and band) or the temperature (open-from and
 * fully-open over the set point) within its opening range. Checked by the shared rules (the server
 * refuses the same with 99996 per field), sent once confirmed by a code, pending until the
 * controller acknowledges it, with restore.
 */
export function WindowPage(): ReactElement {
  const { t } = useTranslation('control');
  return <RowListSettingPage spec={OPENINGS} rowText={(o) => openingText(o, t)} />;
}
