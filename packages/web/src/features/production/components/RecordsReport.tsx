import { useMemo, useState, type ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { menuLabel } from '../../../app/i18n/i18n';
import { PagedTable, usePaging } from '../../../ui/PagedTable';
import { EmptyBlock } from '../../../ui/QueryStates';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { useEventRecords, usePoultrySheds, type EventRecord, type RecordsRequest } from '../reportsApi';
import { defaultRange, type RangeState } from '../model/range';
import { useFarmToday } from './useFarmToday';
import type { RecordsDef } from '../model/reports';
import { RangeControl } from './RangeControl';
import { ReportFrame } from './ReportParts';
import { SelectFilter } from '../../../ui/SelectFilter';

/**
 * Vaccination and medication records of a farm's flocks over at most 30 days, newest first (the
 * daily-record lists, which the server also opens read-only to these report screens). Field labels are the entry forms' (`records` namespace).
 */
const FIELDS = {
  immune: ['vaccineBrand', 'disease', 'method', 'dose', 'vaccineExpiry', 'implementer', 'remark'],
  drug: ['drugName', 'manufacturer', 'disease', 'method', 'dose', 'withdrawalDays', 'implementer', 'remark'],
} as const;

export function RecordsReport({ code, def }: { code: string; def: RecordsDef }): ReactElement {
  const { t } = useTranslation(['poultry', 'records', 'shell']);
  const { farms, farmId, select } = useFarmChoice(2);
  const sheds = usePoultrySheds(farmId);
  const [shedId, setShedId] = useState<number | undefined>();
  const { todayDay } = useFarmToday(farmId);
  const [range, setRange] = useState<RangeState>(() => defaultRange(todayDay));
  const { paging, reset, table } = usePaging();

  const req = useMemo<RecordsRequest | null>(
    () => (farmId === undefined ? null : { farmId, ...(shedId ? { shedId } : {}), start: range.days[0], end: range.days[1], ...paging }),
    [farmId, shedId, range.days, paging],
  );
  const list = useEventRecords(def.record, req);
  const ns = def.record;

  const columns: ColumnsType<EventRecord> = [
    { key: 'at', title: t(`records:${ns}.at`), className: 'fs-nowrap', render: (_, r) => dayjs(r.at).format('YYYY-MM-DD HH:mm') },
    { key: 'shed', title: t('records:common.shed'), dataIndex: 'shedName' },
    { key: 'groupNo', title: t('records:common.groupNo'), dataIndex: 'groupNo' },
    { key: 'dayAge', title: t('records:common.dayAge'), align: 'right', render: (_, r) => r.dayAge ?? '–' },
    ...FIELDS[def.record].map((f) => ({
      key: f,
      title: t(`records:${ns}.${f}`),
      render: (_: unknown, r: EventRecord) => (r[f] == null || r[f] === '' ? <span className="fs-muted">–</span> : String(r[f])),
    })),
  ];

  let body: ReactElement;
  if (farms.length === 0) body = <NoFarm farmType={2} />;
  else {
    body = (
      <PagedTable<EventRecord>
        className="fs-panel"
        label={menuLabel(code)}
        data-testid="report-table"
        rowKey="id"
        columns={columns}
        {...table(list)}
        emptyText={<EmptyBlock title={t(`empty.no.${def.record}`)} hint={t(`empty.no.${def.record}Hint`)} />}
        scroll={{ x: 'max-content' }}
      />
    );
  }

  const id = (k: string): string => `${code}-${k}`;
  return (
    <ReportFrame
      code={code}
      farm={{ farms, farmId, select }}
      onFarmChange={() => {
        setShedId(undefined);
        reset();
      }}
      refresh={{ query: list, enabled: !!req }}
      subtitle={t(`subtitle.${def.record}`)}
      filters={
        <>
          <SelectFilter<number>
            id={id('shed')}
            label={t('filters.shed')}
            value={shedId}
            onChange={(v) => {
              setShedId(v);
              reset();
            }}
            placeholder={t('filters.allSheds')}
            search
            options={(sheds.data ?? []).map((s) => ({ value: s.tid, label: s.shedName }))}
            className="fs-records__shed"
            popupMatchSelectWidth={false}
          />
          <RangeControl
            idPrefix={id('range')}
            period="day"
            today={todayDay}
            value={range}
            onChange={(r) => {
              setRange(r);
              reset();
            }}
          />
        </>
      }
    >
      {body}
    </ReportFrame>
  );
}
