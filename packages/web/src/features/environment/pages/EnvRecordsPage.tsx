import { useMemo, useState, type ComponentType, type ReactElement } from 'react';
import { Select } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EnvKind, RecordRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { DateRangePicker, lastHours, type DateRange } from '../../../ui/DateRangePicker';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { PagedTable, usePaging } from '../../../ui/PagedTable';
import { useFarmSheds, useRecords, type RecordsRequest } from '../api';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { recordsExport } from '../model/download';
import { ExportButton } from '../../../ui/ExportButton';
import { kindLabel } from '../model/format';
import { recordColumns } from '../components/recordColumns';
import { envPageFor } from './envPages';
import '../../../ui/report-page.css';
import '../environment.css';
import { PageHead, RefreshButton } from '../../../ui/PageParts';

/**
 * Environment records (/ci18/envrecords/{kind}/rec, /pig/env1/{kind}/rec): one row per reading
 * time of a shed with every sensor of the kind as a column (units in the headers), newest first,
 * over a range of at most 30 days; the same rows can be taken away as an Excel file.
 */
export function EnvRecordsPage({ kind, farmType }: { kind: EnvKind; farmType: 1 | 2 }): ReactElement {
  const { t } = useTranslation(['environment', 'shell', 'common']);
  const choice = useFarmChoice(farmType);
  const { farms, farmId } = choice;
  const sheds = useFarmSheds(farmId);
  const [picked, setPicked] = useState<{ farmId: number | undefined; shedId: number } | null>(null);
  const shedId =
    picked && picked.farmId === farmId && sheds.data?.some((s) => s.tid === picked.shedId) ? picked.shedId : sheds.data?.[0]?.tid;
  const [range, setRange] = useState<DateRange>(() => lastHours(24));
  const { paging, reset, table } = usePaging();

  const req = useMemo<RecordsRequest | null>(
    () => (shedId === undefined ? null : { shedId, kind, startTime: range[0].valueOf(), endTime: range[1].valueOf(), ...paging }),
    [shedId, kind, range, paging],
  );
  const records = useRecords(req);
  const columns = useMemo(() => recordColumns(records.data?.columns ?? [], t('common:time')), [records.data?.columns, t]);
  const label = kindLabel(kind);
  const ids = { farm: `rec-${kind}-farm`, shed: `rec-${kind}-shed`, range: `rec-${kind}-range` };

  return (
    <section className="fs-env-page" aria-labelledby="page-title">
      <PageHead title={t('records.title', { kind: label })} subtitle={t('records.subtitle')} />
      {farms.length === 0 ? (
        <NoFarm farmType={farmType} />
      ) : (
        <div className="fs-panel">
          <FilterBar
            label={t('records.filters')}
            actions={
              <>
                <RefreshButton query={records} disabled={!req} />
                <ExportButton
                  type="primary"
                  icon={<FileExcelOutlined />}
                  label={t('records.export')}
                  request={
                    shedId === undefined
                      ? null
                      : recordsExport({ shedId, kind, startTime: range[0].valueOf(), endTime: range[1].valueOf() })
                  }
                  disabled={(records.data?.total ?? 0) === 0}
                  onSaved={(name) => toast.success(t('records.exported', { name }))}
                />
              </>
            }
          >
            <FarmField
              id={ids.farm}
              label={t('shell:overview.farm')}
              choice={choice}
              onPicked={reset}
              placeholder={t('shell:overview.selectFarm')}
            />
            <FilterField id={ids.shed} label={t('records.shed')}>
              <Select<number>
                id={ids.shed}
                className="fs-records__shed"
                value={shedId}
                loading={sheds.isPending && farmId !== undefined}
                onChange={(id) => {
                  setPicked({ farmId, shedId: id });
                  reset();
                }}
                showSearch={{ optionFilterProp: 'label' }}
                options={(sheds.data ?? []).map((s) => ({ value: s.tid, label: s.shedName }))}
                popupMatchSelectWidth={false}
                placeholder={t('records.pickShed')}
              />
            </FilterField>
            <FilterField id={ids.range} label={t('records.range')}>
              <DateRangePicker
                id={ids.range}
                value={range}
                onChange={(r) => {
                  setRange(r);
                  reset();
                }}
              />
            </FilterField>
          </FilterBar>
          <PagedTable<RecordRow>
            label={t('records.table', { kind: label })}
            rowKey="ts"
            size="middle"
            columns={columns}
            {...table(records)}
            emptyText={shedId === undefined ? t('records.pickShed') : t('records.empty', { kind: label })}
            scroll={{ x: 'max-content' }}
          />
        </div>
      )}
    </section>
  );
}

/** The records page of an environment code (routes.ts). */
export function envRecordsPageFor(code: string): ComponentType {
  return envPageFor(code, 'records', EnvRecordsPage);
}
