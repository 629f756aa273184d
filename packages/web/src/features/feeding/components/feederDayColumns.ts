import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDecimal } from '../../../app/i18n/numbers';

/** What a row of a feeder's day carries, on the records and the amounts pages. */
export interface FeederDayRow {
  day: string;
  farmName?: string;
  shedName: string;
  penColumn: number;
  penRow: number;
  feederNo: string;
  feederName: string;
  planned: number;
  dispensed: number;
}

/**
 * The columns every list of feeder days starts with: day, (farm,) house, pen, feeder, grams planned
 * and dispensed; a page adds its own after them.
 */
export function feederDayColumns<Row extends FeederDayRow>(t: TFunction, withFarm = false): ColumnsType<Row> {
  const g = (v: number): string => formatDecimal(v, 0);
  return [
    { key: 'day', title: t('feedRecords.fields.day'), width: 120, render: (_, r) => r.day },
    ...(withFarm
      ? ([{ key: 'farm', title: t('feedRecords.fields.farm'), width: 160, render: (_, r) => r.farmName }] satisfies ColumnsType<Row>)
      : []),
    { key: 'shed', title: t('feedRecords.fields.shed'), width: 150, render: (_, r) => r.shedName },
    {
      key: 'pen',
      title: t('feedRecords.fields.pen'),
      width: 150,
      render: (_, r) => t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    { key: 'feeder', title: t('feedRecords.fields.feeder'), width: 170, render: (_, r) => `${r.feederNo} · ${r.feederName}` },
    { key: 'planned', title: t('feedRecords.fields.planned'), width: 120, align: 'right', render: (_, r) => g(r.planned) },
    { key: 'dispensed', title: t('feedRecords.fields.dispensed'), width: 120, align: 'right', render: (_, r) => g(r.dispensed) },
  ];
}
