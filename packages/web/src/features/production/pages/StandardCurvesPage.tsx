import { lazyPart } from '../../../ui/lazyPart';
import { useState, type ReactElement } from 'react';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FLOCK_TYPE_CODES } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { farmOptions, ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useFarmChoice } from '../../../app/farm';
import { flocksApi, useCurveMutation, useCurvePage, type CurveRow } from '../flocksApi';
import { dayRange, flockTypeLabel, indicatorLabel, INDICATOR_CODES } from '../model/flocks';
import '../flocks.css';

// The curve drawer and the copy dialog (both with a day-age chart) load when opened.
const BuiltinCopyDialog = lazyPart(() => import('../components/BuiltinCopyDialog').then((m) => m.BuiltinCopyDialog));
const CurveFormDrawer = lazyPart(() => import('../components/CurveFormDrawer').then((m) => m.CurveFormDrawer));

const FILTERS = { farmId: numberFilter, flockType: oneOfFilter(FLOCK_TYPE_CODES), indicator: oneOfFilter(INDICATOR_CODES) };

/**
 * /ci18/std/curves: the standard curves each poultry farm measures its flocks against (one per
 * farm, flock type and indicator). A curve is typed in as comma-separated values by day age or
 * copied from a built-in standard, whose source stays shown beside it.
 */
export function StandardCurvesPage(): ReactElement {
  const { t } = useTranslation(['flocks', 'common']);
  useSessionLists();
  const { farms, farmId: chosenFarm } = useFarmChoice(2);
  const compact = useScreenBand() !== 'large';
  const list = useListPage(FILTERS);
  const page = useCurvePage(list.query);
  const remove = useCurveMutation(flocksApi.removeCurve);
  const form = useRowDialog<CurveRow>();
  const typeOptions = FLOCK_TYPE_CODES.map((c) => ({ value: c, label: flockTypeLabel(c) }));
  const indicatorOptions = INDICATOR_CODES.map((c) => ({ value: c, label: indicatorLabel(c) }));
  const [copying, setCopying] = useState(false);
  const defaultFarm = list.filters.farmId ?? chosenFarm;

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
    editDeleteColumn<CurveRow>(t, 'curves', compact ? 110 : 220, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      content: (r) =>
        t('curves.deleteContent', { indicator: indicatorLabel(r.indicator), type: flockTypeLabel(r.flockType), farm: r.farmName }),
      compact,
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{
        title: menuLabel('ci18.std'),
        subtitle: t('curves.subtitle'),
        addLabel: t('curves.add'),
        onAdd: form.add,
        actions: (
          <Button size="large" icon={<CopyOutlined />} onClick={() => setCopying(true)}>
            {t('builtins.open')}
          </Button>
        ),
      }}
      filterLabel={t('curves.filters')}
      filters={[
        { select: 'farmId', id: 'curve-farm-filter', label: t('fields.farm'), width: 200, options: farmOptions(farms) },
        { select: 'flockType', id: 'curve-type-filter', label: t('fields.flockType'), width: 180, options: typeOptions },
        { select: 'indicator', id: 'curve-indicator-filter', label: t('fields.indicator'), width: 260, options: indicatorOptions },
      ]}
      table={{ label: t('curves.table'), columns, empty: t('curves.empty'), scroll: { x: 1300 } }}
    >
      {form.open && <CurveFormDrawer row={form.row} farmId={defaultFarm} farms={farms} onClose={form.close} />}
      {copying && <BuiltinCopyDialog farmId={defaultFarm} farms={farms} onClose={() => setCopying(false)} />}
    </ListPage>
  );
}
