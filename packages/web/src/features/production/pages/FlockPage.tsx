import { lazyPart } from '../../../ui/lazyPart';
import { useState, type ReactElement } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FLOCK_TYPES, FLOCK_STATUS, productionExcelApi, type FlockRow } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { fileRequest } from '../../../ui/download';
import { enumLabel } from '../../../ui/enumLabel';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { ListTable } from '../../../ui/list/ListPage';
import { useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { EditAction, RowAction } from '../../../ui/RowAction';
import { actionsColumn } from '../../../ui/actionsColumn';
import { ConfirmedDeleteAction } from '../../../ui/EditDeleteActions';
import { useFarmChoice } from '../../../app/farm';
import { productionApi, useFarmSheds, useFlockPage, useProductionMutation } from '../api';
import { FileActions } from '../components/FileActions';
import { ProdPageHead } from '../components/ProdPageHead';
import { SelectFilter } from '../../../ui/SelectFilter';
import { ProdFarmFilter } from '../components/ProdFarmFilter';
import { formatDecimal } from '../../../app/i18n/numbers';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';
import '../production.css';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

// Dialogs and drawers load when opened (the list is the page's first view).
const CloseFlockDialog = lazyPart(() => import('../components/CloseFlockDialog').then((m) => m.CloseFlockDialog));
const FlockFormDrawer = lazyPart(() => import('../components/FlockFormDrawer').then((m) => m.FlockFormDrawer));

/**
 * /prod-data-input/flock: the flocks of a poultry farm, current or closed (history), with add,
 * edit, close (depletion), delete (with its records, after confirmation), and the Excel template,
 * import (with a per-row report) and export.
 */
export function FlockPage(): ReactElement {
  const { t } = useTranslation(['production', 'records', 'common']);
  useSessionLists();
  const choice = useFarmChoice(2);
  const compact = useScreenBand() !== 'large';
  const list = useListPage({ shedId: numberFilter, status: oneOfFilter([FLOCK_STATUS.CURRENT, FLOCK_STATUS.CLOSED] as const) });
  const { shedId, status = FLOCK_STATUS.CURRENT } = list.filters;
  const page = useFlockPage({ ...list.paging, farmId: choice.farmId, shedId, status });
  const sheds = useFarmSheds(choice.farmId);
  const form = useRowDialog<FlockRow>();
  const [closing, setClosing] = useState<FlockRow | null>(null);
  const remove = useProductionMutation(productionApi.removeFlock);
  const label = (f: string): string => t(`records:flock.${f}`);

  const columns: ColumnsType<FlockRow> = [
    {
      key: 'groupNo',
      title: label('groupNo'),
      fixed: 'left',
      width: 130,
      render: (_, r) => <Typography.Text strong>{r.groupNo}</Typography.Text>,
    },
    { key: 'shed', title: label('shedName'), width: 140, render: (_, r) => r.shedName },
    { key: 'type', title: label('flockType'), width: 120, render: (_, r) => enumLabel('flockType', FLOCK_TYPES[r.flockType - 1]) },
    { key: 'sex', title: label('sex'), width: 90, render: (_, r) => enumLabel('flockSex', r.sex) },
    { key: 'breed', title: label('breed'), width: 120, render: (_, r) => r.breed ?? '—' },
    { key: 'birth', title: label('birthDate'), width: 120, render: (_, r) => r.birthDate },
    { key: 'start', title: label('startDate'), width: 120, render: (_, r) => r.startDate },
    ...(status === FLOCK_STATUS.CLOSED
      ? [{ key: 'stop', title: label('stopDate'), width: 120, render: (_: unknown, r: FlockRow) => r.stopDate ?? '—' }]
      : []),
    {
      key: 'dayAge',
      title: label('dayAge'),
      width: 90,
      align: 'right',
      render: (_, r) => <span data-testid="prod-flock-day-age">{r.dayAge}</span>,
    },
    {
      key: 'present',
      title: label('present'),
      width: 110,
      align: 'right',
      render: (_, r) => <span data-testid="prod-flock-present">{formatDecimal(r.present, 0)}</span>,
    },
    actionsColumn<FlockRow>(t('common:actions'), compact ? 170 : 330, (r) => (
      <>
        {/* A closed flock is history: the server refuses its edit and its closing (20070). */}
        {r.status === FLOCK_STATUS.CURRENT && (
          <>
            <EditAction label={t('flock.editOf', { groupNo: r.groupNo })} compact={compact} onClick={() => form.edit(r)} />
            <RowAction
              icon={<StopOutlined />}
              text={t('close.action')}
              label={t('close.actionOf', { groupNo: r.groupNo })}
              compact={compact}
              keepText
              onClick={() => setClosing(r)}
            />
          </>
        )}
        <ConfirmedDeleteAction
          label={t('flock.deleteOf', { groupNo: r.groupNo })}
          compact={compact}
          confirm={{
            title: t('flock.deleteTitle', { groupNo: r.groupNo }),
            content: t('flock.deleteContent'),
            large: true,
            run: () => remove.mutateAsync(r.id),
          }}
        />
      </>
    )),
  ];

  return (
    <PageFrame
      head={
        <ProdPageHead
          title={menuLabel('prod-data-input.flock')}
          subtitle={t('flock.subtitle')}
          addLabel={t('flock.add')}
          onAdd={form.add}
          actions={
            <FileActions
              kind="flock"
              disabled={!choice.farmId}
              template={fileRequest(productionExcelApi.flockTemplate, { query: { farmId: choice.farmId } }, 'flocks-template.xlsx')}
              importer={{ path: productionExcelApi.flockImport.path, fields: { farmId: choice.farmId } }}
              exporter={fileRequest(
                productionExcelApi.flockExport,
                { body: { farmId: choice.farmId, shedId, status, pageNo: 1, pageSize: 1000 } },
                'flocks.xlsx',
              )}
            />
          }
        />
      }
      className="fs-admin-page fs-prod-page"
      after={
        <>
          {form.open && <FlockFormDrawer row={form.row} farms={choice.farms} farmId={choice.farmId} shedId={shedId} onClose={form.close} />}
          {closing && <CloseFlockDialog row={closing} onClose={() => setClosing(null)} />}
        </>
      }
    >
      <FilterBar label={t('filters.label')}>
        <ProdFarmFilter choice={choice} onPick={() => list.apply({ shedId: undefined })} />
        <SelectFilter<number>
          id="prod-shed"
          label={t('records:common.shed')}
          width={200}
          value={shedId}
          disabled={!choice.farmId}
          options={sheds.data}
          onChange={(v) => list.apply({ shedId: v })}
        />
        <FilterField id="prod-status" label={t('flock.statusFilter')}>
          <ChoiceButtons
            big
            id="prod-status"
            value={status}
            onChange={(e) => list.apply({ status: e.target.value === FLOCK_STATUS.CLOSED ? FLOCK_STATUS.CLOSED : undefined })}
            options={[
              { value: FLOCK_STATUS.CURRENT, label: t('flock.current') },
              { value: FLOCK_STATUS.CLOSED, label: t('flock.history') },
            ]}
          />
        </FilterField>
      </FilterBar>
      <ListTable
        list={list}
        page={page}
        label={t('flock.tableLabel')}
        columns={columns}
        emptyText={choice.farms.length === 0 ? t('noFarm') : t('flock.empty')}
        scroll={{ x: 1400 }}
      />
    </PageFrame>
  );
}
