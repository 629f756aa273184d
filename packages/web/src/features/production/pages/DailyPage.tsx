import { lazyPart } from '../../../ui/lazyPart';
import { useState, type ReactElement, type ReactNode } from 'react';
import { DatePicker, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { fillPath, productionExcelApi, type DailyKind } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { fileRequest } from '../../../ui/download';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { ListTable } from '../../../ui/list/ListPage';
import { useRowDialog } from '../../../ui/list/ListPage';
import { dayFilter, numberFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { actionsColumn } from '../../../ui/actionsColumn';
import { EditDeleteActions } from '../../../ui/EditDeleteActions';
import { useFarmChoice } from '../../../app/farm';
import { productionApi, useDailyPage, useFarmSheds, useFlockOptions, useProductionMutation, type DailyRow } from '../api';
import { FileActions } from '../components/FileActions';
import { ProdPageHead } from '../components/ProdPageHead';
import { useFarmToday } from '../components/useFarmToday';
import { DAY, hasQuickEntry, KIND_CONFIG, type KindField } from '../model/kinds';
import { SelectFilter } from '../../../ui/SelectFilter';
import { ProdFarmFilter } from '../components/ProdFarmFilter';
import { formatUpTo } from '../../../app/i18n/numbers';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';
import '../production.css';

// Dialogs and drawers load when opened (the list is the page's first view).
const DailyFormDrawer = lazyPart(() => import('../components/DailyFormDrawer').then((m) => m.DailyFormDrawer));
// The quick-entry grid too: the page opens on the list, the grid is the other mode.
const QuickEntry = lazyPart(() => import('../components/QuickEntry').then((m) => m.QuickEntry));

const FILTERS = { shedId: numberFilter, flockId: numberFilter, start: dayFilter, end: dayFilter };

function cell(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  return typeof v === 'number' ? formatUpTo(v, 3) : String(v);
}

/**
 * /prod-data-input/{daily-column,daily-grow,daily-feed,daily-drink,daily-egg,immunel,derug}: the
 * records of one kind, newest first, filtered by farm, house, flock and days; add, edit, delete;
 * template, import with a per-row report, export; and, for the daily kinds, the quick-entry grid
 * (one row per current flock of the farm for one day).
 */
export function DailyPage({ kind }: { kind: DailyKind }): ReactElement {
  const { t } = useTranslation(['production', 'records', 'common']);
  useSessionLists();
  const cfg = KIND_CONFIG[kind];
  const choice = useFarmChoice(2);
  const compact = useScreenBand() !== 'large';
  const [mode, setMode] = useState<'list' | 'quick'>('list');
  const list = useListPage(FILTERS);
  const { filters } = list;
  const page = useDailyPage(kind, { ...list.query, farmId: choice.farmId });
  const sheds = useFarmSheds(choice.farmId);
  const { todayDay } = useFarmToday(choice.farmId);
  const current = useFlockOptions(choice.farmId, filters.shedId, 1);
  const closed = useFlockOptions(choice.farmId, filters.shedId, 2);
  const form = useRowDialog<DailyRow>();
  const remove = useProductionMutation(productionApi.removeDaily);
  const label = (f: string): string => t(`records:${kind}.${f}`);
  const sheet = t(`records:sheet.${kind}`);

  const whenOf = (r: DailyRow): string => (cfg.timed ? dayjs(r.at).format(`${DAY} HH:mm`) : (r.day ?? ''));

  /** A metered figure says so; a corrected one also shows what the meter read. */
  const value = (f: KindField, r: DailyRow): ReactNode => {
    if (cfg.metered !== f.name) return cell(r[f.name]);
    return (
      <span className="fs-cell-stack">
        <span>
          {cell(r[f.name])}{' '}
          {r.measured && (
            <Tag color="cyan" data-testid="measured-tag">
              {t('daily.measured')}
            </Tag>
          )}
        </span>
        {!r.measured && r.measuredValue != null && (
          <span className="fs-muted fs-cell-sub">{t('daily.meterValue', { value: r.measuredValue })}</span>
        )}
      </span>
    );
  };

  const columns: ColumnsType<DailyRow> = [
    {
      key: 'when',
      title: label(cfg.timed ? 'at' : 'day'),
      fixed: 'left',
      width: cfg.timed ? 160 : 120,
      render: (_, r) => whenOf(r),
    },
    { key: 'shed', title: t('records:common.shed'), width: 130, render: (_, r) => r.shedName },
    { key: 'group', title: t('records:common.groupNo'), width: 110, render: (_, r) => r.groupNo },
    { key: 'dayAge', title: t('records:common.dayAge'), width: 90, align: 'right', render: (_, r) => r.dayAge },
    ...cfg.fields
      .filter((f) => !f.hideInList)
      .map((f) => ({
        key: f.name,
        title: label(f.name),
        width: f.type === 'text' ? 160 : 120,
        align: (f.type === 'text' || f.type === 'day' ? 'left' : 'right') as 'left' | 'right',
        render: (_: unknown, r: DailyRow) => value(f, r),
      })),
    { key: 'remark', title: label('remark'), width: 160, ellipsis: true, render: (_, r) => cell(r.remark) },
    actionsColumn<DailyRow>(t('common:actions'), compact ? 110 : 200, (r) => (
      <EditDeleteActions
        compact={compact}
        editLabel={t('daily.editOf', { groupNo: r.groupNo, when: whenOf(r) })}
        onEdit={() => form.edit(r)}
        deleteLabel={t('daily.deleteOf', { groupNo: r.groupNo, when: whenOf(r) })}
        confirm={{
          title: t('daily.deleteTitle', { kind: sheet, groupNo: r.groupNo }),
          content: t('daily.deleteContent', { when: whenOf(r) }),
          large: true,
          run: () => remove.mutateAsync({ kind, id: r.id }),
        }}
      />
    )),
  ];

  const flockOptions = [...(current.data ?? []), ...(closed.data ?? [])].map((o) => ({
    value: o.id,
    label: `${o.shedName} · ${o.groupNo}`,
  }));
  const listBody = {
    farmId: choice.farmId,
    shedId: filters.shedId,
    flockId: filters.flockId,
    start: filters.start,
    end: filters.end,
    pageNo: 1,
    pageSize: 1000,
  };

  return (
    <PageFrame
      head={
        <ProdPageHead
          title={menuLabel(cfg.code)}
          subtitle={t(`daily.subtitle.${kind}`)}
          addLabel={t('daily.add', { kind: sheet })}
          onAdd={choice.farmId ? form.add : undefined}
          actions={
            <FileActions
              kind={kind}
              disabled={!choice.farmId}
              template={fileRequest(
                productionExcelApi.dailyTemplate,
                { params: { kind }, query: { farmId: choice.farmId ?? 0 } },
                `${kind}-template.xlsx`,
              )}
              importer={{ path: fillPath(productionExcelApi.dailyImport.path, { kind }), fields: { farmId: choice.farmId } }}
              exporter={fileRequest(productionExcelApi.dailyExport, { params: { kind }, body: listBody }, `${kind}.xlsx`)}
            />
          }
        />
      }
      className="fs-admin-page fs-prod-page"
      after={
        form.open &&
        choice.farmId && (
          <DailyFormDrawer kind={kind} farmId={choice.farmId} row={form.row} flockId={filters.flockId} onClose={form.close} />
        )
      }
    >
      <FilterBar label={t('filters.label')}>
        <ProdFarmFilter choice={choice} onPick={() => list.apply({ shedId: undefined, flockId: undefined })} />
        {mode === 'list' && (
          <>
            <SelectFilter<number>
              id="prod-shed"
              label={t('records:common.shed')}
              width={180}
              value={filters.shedId}
              options={sheds.data}
              onChange={(shedId) => list.apply({ shedId, flockId: undefined })}
            />
            <SelectFilter<number>
              id="prod-flock"
              label={t('records:common.flock')}
              width={200}
              search
              value={filters.flockId}
              options={flockOptions}
              onChange={(flockId) => list.apply({ flockId })}
            />
            <FilterField id="prod-range" label={t('filters.days')} width={280}>
              <DatePicker.RangePicker
                id="prod-range"
                format={DAY}
                value={filters.start && filters.end ? [dayjs(filters.start), dayjs(filters.end)] : null}
                disabledDate={(d) => d.isAfter(todayDay, 'day')}
                onChange={(r) =>
                  list.apply(r && r[0] && r[1] ? { start: r[0].format(DAY), end: r[1].format(DAY) } : { start: undefined, end: undefined })
                }
              />
            </FilterField>
          </>
        )}
        {hasQuickEntry(kind) && (
          <SegmentedFilter<'list' | 'quick'>
            id="prod-mode"
            label={t('daily.mode')}
            size="large"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'list', label: t('daily.modeList') },
              { value: 'quick', label: t('daily.modeQuick') },
            ]}
          />
        )}
      </FilterBar>
      {mode === 'quick' && choice.farmId ? (
        <QuickEntry key={`${kind}-${choice.farmId}`} kind={kind} farmId={choice.farmId} />
      ) : (
        <ListTable
          list={list}
          page={page}
          label={t('daily.tableLabel', { kind: sheet })}
          columns={columns}
          emptyText={choice.farms.length === 0 ? t('noFarm') : t('daily.empty')}
          scroll={{ x: 1200 }}
        />
      )}
    </PageFrame>
  );
}
