import { useState, type ReactElement } from 'react';
import { Button, Drawer, Space, Typography } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnLabel, penLabel, renderLabel, shedLabel, type PenRow, type ShedOverviewRow } from '@farmsense/shared';
import { CancelledError } from '../../../app/api/client';
import { translateKnown } from '../../../ui/enumLabel';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useConfirmDelete } from '../../../ui/useConfirmAction';
import { useDeletePen, usePens } from '../api';
import { AddPensForm } from './AddPensForm';
import { PenFormDialog } from './PenFormDialog';

/**
 * The pens (columns) of one shed: add a range, renumber or rename one, delete one. Each pen shows
 * as "column-row" (or the empty-column label) and with its full place, area-building-shed-pen
 * with the shed type (or the empty-pen label), as SPEC §3 writes them.
 */
export function PensDrawer({ shed, onClose }: { shed: ShedOverviewRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['sheds', 'common']);
  const confirmDeletion = useConfirmDelete();
  const band = useScreenBand();
  const pens = usePens(shed?.tid);
  const remove = useDeletePen();
  const [editing, setEditing] = useState<PenRow | null>(null);

  const confirmDelete = (pen: PenRow, label: string): void => {
    confirmDeletion({
      title: t('pens.deleteTitle', { name: label }),
      content: t('pens.deleteText'),
      run: () => remove.mutateAsync(pen.id),
    });
  };

  const columns: ColumnsType<PenRow> = shed
    ? [
        {
          key: 'pen',
          title: t('pens.pen'),
          render: (_, p) => (
            <Typography.Text strong data-testid="pen-label">
              {renderLabel(columnLabel(p.fieldColumn, p.field), translateKnown)}
            </Typography.Text>
          ),
        },
        { key: 'place', title: t('pens.place'), render: (_, p) => renderLabel(penLabel(shed, p.fieldColumn), translateKnown) },
        { key: 'name', title: t('pens.name'), render: (_, p) => p.name ?? <span className="fs-muted">—</span> },
        {
          key: 'actions',
          title: t('common:actions'),
          width: 210,
          render: (_, p) => {
            const label = renderLabel(columnLabel(p.fieldColumn, p.field), translateKnown);
            return (
              <Space size={4} className="fs-row-actions">
                <Button icon={<EditOutlined />} onClick={() => setEditing(p)} aria-label={t('pens.editOf', { name: label })}>
                  {t('common:edit')}
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(p, label)}
                  aria-label={t('pens.deleteOf', { name: label })}
                >
                  {t('common:delete')}
                </Button>
              </Space>
            );
          },
        },
      ]
    : [];

  let list: ReactElement | null = null;
  if (shed) {
    if (pens.isPending || (pens.isError && pens.error instanceof CancelledError)) list = <LoadingBlock rows={2} />;
    else if (pens.isError) list = <ErrorBlock title={t('pens.loadFailed')} onRetry={() => void pens.refetch()} />;
    else if (pens.data.length === 0) list = <EmptyBlock title={t('pens.empty')} hint={t('pens.emptyHint')} />;
    else {
      list = (
        <PagedTable<PenRow>
          columnsKey="sheds.pens"
          className="fs-admin-table"
          label={t('pens.tableLabel')}
          rowKey="id"
          size="middle"
          columns={columns}
          rows={pens.data}
          rowsPerPage={50}
        />
      );
    }
  }

  return (
    <Drawer
      open={shed !== null}
      onClose={onClose}
      title={
        shed ? (
          <span>
            {t('pens.title', { name: shed.shedName })}{' '}
            <Typography.Text type="secondary" className="fs-drawer-sub">
              {renderLabel(shedLabel(shed), translateKnown)}
            </Typography.Text>
          </span>
        ) : (
          ''
        )
      }
      size={band === 'small' ? '100%' : 720}
      destroyOnHidden
      closable={{ 'aria-label': t('common:close') }}
    >
      {shed && (
        <>
          <section className="fs-add-pens-panel" aria-label={t('pens.addTitle')}>
            <Typography.Title level={5}>{t('pens.addTitle')}</Typography.Title>
            <AddPensForm shedId={shed.tid} />
          </section>
          <Typography.Title level={5}>{t('pens.listTitle', { count: pens.data?.length ?? 0 })}</Typography.Title>
          {list}
        </>
      )}
      {editing && <PenFormDialog pen={editing} onClose={() => setEditing(null)} />}
    </Drawer>
  );
}
