import { useMemo, useState, type ReactElement } from 'react';
import { Button, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FLOCK_TYPE_CODES, type CurveIndicator } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { PageHead, FilterActions } from '../../../ui/PageParts';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { pageQueryProps, PagedTable, usePaging } from '../../../ui/PagedTable';
import { useScreenBand } from '../../../ui/useScreenBand';
import { DeleteAction, EditAction } from '../../../ui/RowAction';
import { actionsColumn } from '../../../ui/actionsColumn';
import { useConfirmDelete } from '../../../ui/useConfirmAction';
import { useFarmChoice } from '../../../app/farm';
import { flocksApi, useCurveMutation, useCurvePage, type CurveRow } from '../flocksApi';
import { BuiltinCopyDialog } from '../components/BuiltinCopyDialog';
import { CurveFormDrawer } from '../components/CurveFormDrawer';
import { dayRange, flockTypeLabel, indicatorLabel, INDICATOR_CODES } from '../model/flocks';
import '../../../ui/admin.css';
import '../flocks.css';

interface Filters {
  farmId?: number;
  flockType?: number;
  indicator?: CurveIndicator;
}

/**
 * /ci18/std/curves: the standard curves each poultry farm measures its flocks against (one per
 * farm, flock type and indicator). A curve is typed in as comma-separated values by day age or
 * copied from a built-in standard, whose source stays shown beside it.
 */
export function StandardCurvesPage(): ReactElement {
  const { t } = useTranslation(['flocks', 'common']);
  const confirmDeletion = useConfirmDelete();
  useSessionLists();
  const { farms, farmId: chosenFarm } = useFarmChoice(2);
  const compact = useScreenBand() !== 'large';
  const { paging, setPaging, reset } = usePaging();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const query = useMemo(() => ({ ...paging, ...filters }), [paging, filters]);
  const page = useCurvePage(query);
  const remove = useCurveMutation(flocksApi.removeCurve);
  const [formFor, setFormFor] = useState<{ row: CurveRow | null } | null>(null);
  const [copying, setCopying] = useState(false);
  const defaultFarm = filters.farmId ?? chosenFarm;

  const search = (): void => {
    setFilters(draft);
    reset();
  };
  const clear = (): void => {
    setDraft({});
    setFilters({});
    reset();
  };
  const confirmDelete = (r: CurveRow): void => {
    confirmDeletion({
      title: t('curves.deleteTitle', { name: r.name }),
      content: t('curves.deleteContent', { indicator: indicatorLabel(r.indicator), type: flockTypeLabel(r.flockType), farm: r.farmName }),
      run: () => remove.mutateAsync(r.id),
    });
  };

  const columns: ColumnsType<CurveRow> = [
    {
      key: 'indicator',
      title: t('fields.indicator'),
      width: 220,
      render: (_, r) => <Typography.Text strong>{indicatorLabel(r.indicator)}</Typography.Text>,
    },
    { key: 'flockType', title: t('fields.flockType'), width: 120, render: (_, r) => flockTypeLabel(r.flockType) },
    { key: 'name', title: t('fields.name'), width: 200, render: (_, r) => r.name },
    {
      key: 'range',
      title: t('fields.dayRange'),
      width: 150,
      render: (_, r) => {
        const [from, to] = dayRange(r.startDay, r.values.length);
        return t('curves.dayRangeOf', { from, to });
      },
    },
    {
      key: 'source',
      title: t('fields.source'),
      width: 300,
      render: (_, r) =>
        r.source ? (
          // Built-in sources are full citations: two lines in the list, the whole text on hover.
          <Typography.Paragraph className="fs-curve-source" ellipsis={{ rows: 2, tooltip: r.source }} data-testid="curve-source">
            {r.source}
          </Typography.Paragraph>
        ) : (
          <Tag data-testid="curve-source">{t('curves.ownSource')}</Tag>
        ),
    },
    { key: 'farm', title: t('fields.farm'), width: 160, render: (_, r) => r.farmName },
    actionsColumn<CurveRow>(t('common:actions'), compact ? 110 : 220, (r) => (
      <>
        <EditAction label={t('curves.editOf', { name: r.name })} compact={compact} onClick={() => setFormFor({ row: r })} />
        <DeleteAction label={t('curves.deleteOf', { name: r.name })} compact={compact} onClick={() => confirmDelete(r)} />
      </>
    )),
  ];

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead
        title={menuLabel('ci18.std')}
        subtitle={t('curves.subtitle')}
        addLabel={t('curves.add')}
        onAdd={() => setFormFor({ row: null })}
        actions={
          <Button size="large" icon={<CopyOutlined />} onClick={() => setCopying(true)}>
            {t('builtins.open')}
          </Button>
        }
      />
      <div className="fs-panel">
        <FilterBar label={t('curves.filters')} actions={<FilterActions onReset={clear} onSearch={search} />}>
          <FilterField id="curve-farm-filter" label={t('fields.farm')} width={200}>
            <Select<number>
              id="curve-farm-filter"
              allowClear
              placeholder={t('common:all')}
              value={draft.farmId}
              onChange={(farmId) => setDraft((d) => ({ ...d, farmId }))}
              options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
            />
          </FilterField>
          <FilterField id="curve-type-filter" label={t('fields.flockType')} width={180}>
            <Select<number>
              id="curve-type-filter"
              allowClear
              placeholder={t('common:all')}
              value={draft.flockType}
              onChange={(flockType) => setDraft((d) => ({ ...d, flockType }))}
              options={FLOCK_TYPE_CODES.map((c) => ({ value: c, label: flockTypeLabel(c) }))}
            />
          </FilterField>
          <FilterField id="curve-indicator-filter" label={t('fields.indicator')} width={260}>
            <Select<CurveIndicator>
              id="curve-indicator-filter"
              allowClear
              placeholder={t('common:all')}
              value={draft.indicator}
              onChange={(indicator) => setDraft((d) => ({ ...d, indicator }))}
              options={INDICATOR_CODES.map((c) => ({ value: c, label: indicatorLabel(c) }))}
            />
          </FilterField>
        </FilterBar>
        <PagedTable<CurveRow>
          label={t('curves.table')}
          rowKey="id"
          className="fs-admin-table"
          columns={columns}
          {...pageQueryProps(page)}
          paging={paging}
          onPaging={setPaging}
          emptyText={t('curves.empty')}
          scroll={{ x: 1300 }}
        />
      </div>
      {formFor && <CurveFormDrawer row={formFor.row} farmId={defaultFarm} farms={farms} onClose={() => setFormFor(null)} />}
      {copying && <BuiltinCopyDialog farmId={defaultFarm} farms={farms} onClose={() => setCopying(false)} />}
    </section>
  );
}
