import type { ReactElement } from 'react';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FarmDetail } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { textFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { EditDeleteActions } from '../../../ui/EditDeleteActions';
import { actionsColumn } from '../../../ui/actionsColumn';
import { useDeleteFarm, useFarmPage } from '../api';
import { FarmFormDialog } from '../components/FarmFormDialog';
import { formatOffset, zoneOffsetMinutes } from '../timeZones';
import { nameColumn, StackCell } from '../../../ui/list/nameColumn';

const TYPE_COLOR: Record<number, string> = { 1: 'magenta', 2: 'gold', 3: 'cyan' };

function zoneOffset(zone: string): string {
  try {
    return formatOffset(zoneOffsetMinutes(zone));
  } catch {
    return '';
  }
}

/**
 * /housemanagement/houselist: the farms of the tenant (those the account may see) with all their
 * fields; add, edit and delete. Deleting a farm takes its sheds, pens and authorizations with it,
 * so the confirmation says that its data becomes unavailable (SPEC §9).
 */
export function FarmsPage(): ReactElement {
  const { t } = useTranslation(['farms', 'common']);
  useSessionLists();
  const list = useListPage({ farmName: textFilter });
  const page = useFarmPage(list.query);
  const remove = useDeleteFarm();
  const compact = useScreenBand() !== 'large';
  const form = useRowDialog<FarmDetail>();

  const columns: ColumnsType<FarmDetail> = [
    nameColumn<FarmDetail>({ key: 'farmName', title: t('fields.farmName'), width: 190, name: (r) => r.farmName, sub: (r) => r.address }),
    {
      key: 'type',
      title: t('fields.type'),
      width: 110,
      render: (_, r) => (
        <Tag bordered={false} color={TYPE_COLOR[r.type]}>
          {enumLabel('farmType', r.type)}
        </Tag>
      ),
    },
    { key: 'scale', title: t('fields.scale'), width: 150, render: (_, r) => (r.scale ? enumLabel('farmScale', r.scale) : '—') },
    {
      key: 'person',
      title: t('fields.personInCharge'),
      width: 190,
      render: (_, r) => (
        <StackCell
          main={
            <span>
              {r.personInCharge ?? '—'}
              {r.contact && r.contact !== r.personInCharge && (
                <span className="fs-muted"> · {t('table.contact', { name: r.contact })}</span>
              )}
            </span>
          }
          sub={r.phone && [r.areaCode, r.phone].filter(Boolean).join(' ')}
          nowrap
        />
      ),
    },
    {
      key: 'admin',
      title: t('fields.adminAccount'),
      width: 170,
      render: (_, r) => r.adminAccountName ?? <span className="fs-muted">{t('table.noAdmin')}</span>,
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 100,
      render: (_, r) => (
        <Tag bordered={false} color={r.state === 1 ? 'green' : 'default'} data-testid="farm-state">
          {t(`state.${r.state === 1 ? 1 : 0}`)}
        </Tag>
      ),
    },
    {
      key: 'timeZone',
      title: t('fields.timeZone'),
      width: 200,
      render: (_, r) => (
        <Tooltip title={r.timeZone}>
          <StackCell main={<span>{r.timeZoneName ?? r.timeZone}</span>} sub={`${zoneOffset(r.timeZone)} · ${r.timeZone}`} nowrap />
        </Tooltip>
      ),
    },
    {
      key: 'sheds',
      title: t('fields.shedCount'),
      width: 90,
      align: 'right',
      render: (_, r) => <span className="fs-nowrap">{r.shedCount}</span>,
    },
    actionsColumn<FarmDetail>(t('common:actions'), compact ? 124 : 230, (r) => (
      <EditDeleteActions
        compact={compact}
        editLabel={t('actions.editOf', { name: r.farmName })}
        onEdit={() => form.edit(r)}
        deleteLabel={t('actions.deleteOf', { name: r.farmName })}
        confirm={{
          title: t('delete.title', { name: r.farmName }),
          content: (
            <div className="fs-confirm-text">
              <p>{t('delete.warning')}</p>
              {r.shedCount > 0 && <p>{t('delete.sheds', { count: r.shedCount })}</p>}
            </div>
          ),
          okText: t('delete.ok'),
          run: () => remove.mutateAsync(r.id),
        }}
      />
    )),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel('housemanagement.houselist'), subtitle: t('page.subtitle'), addLabel: t('actions.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[{ text: 'farmName', id: 'farm-name-filter', label: t('filters.farmName'), width: 260 }]}
      table={{ label: t('table.label'), columns, empty: t('table.empty'), noMatch: t('table.noMatch'), scroll: { x: 1440 } }}
    >
      {form.open && <FarmFormDialog farm={form.row} onClose={form.close} />}
    </ListPage>
  );
}
