import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppCode, FeedSendAnswer } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedPick } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FilterBar } from '../../../ui/FilterBar';
import { PagedTable } from '../../../ui/PagedTable';
import { PageHead } from '../../../ui/PageParts';
import { lazyPart } from '../../../ui/lazyPart';
import type { RemoteSettings } from './RemoteSettingsDialog';
import { LazyCodeDialog, SendResults } from './RemoteParts';
import { FarmShedFields } from '../../../ui/FarmShedFilters';
import '../../../ui/admin.css';
import '../../../ui/ui.css';

const LazySettingsDialog = lazyPart(
  () => import('./RemoteSettingsDialog').then((m) => m.RemoteSettingsDialog),
  (props) => props.open,
);

/** The code the user confirmed an action with: the account's security code or an authorization code. */
export interface RemoteCode {
  codeKind: 'security' | 'authorization';
  code: string;
}

/** What every remote feed device row carries. */
export interface RemoteDeviceRow {
  id: number;
  deviceNo: string;
  name: string;
}

/** The action waiting for its code: a clock sync, the settings dialog's values, or a page's own. */
export type RemoteAsking<Extra> = { action: 'timeSync' } | SettingsAsking | Extra;
type SettingsAsking = { action: 'settings'; settings: RemoteSettings };

/** Whether the action waiting is the settings dialog's. */
export function isSettings(a: { action: string }): a is SettingsAsking {
  return a.action === 'settings';
}

export interface RemoteDeviceFrameProps<Row extends RemoteDeviceRow, Extra extends { action: string }> {
  /** The menu entry the page is (its title). */
  code: AppCode;
  /** Which device kind: picks the subtitle, the table label and the empty text (`remote.*.<kind>`). */
  kind: 'feeder' | 'concentrator';
  /** A house's devices, read again while a command waits. */
  useRows: (shedId: number | undefined) => UseQueryResult<Row[]>;
  columns: ColumnsType<Row>;
  scrollX: number;
  /** The settings dialog: which settings, its button's text and its first values from the chosen rows. */
  settings: { kind: RemoteSettings['kind']; label: string; initial: (chosen: Row[]) => Record<string, unknown> };
  /** Controls of the page's own actions after the settings and clock buttons. */
  extraActions?: (chosen: Row[], ask: (a: Extra) => void) => ReactNode;
  /** The line the code dialog shows: what is about to be sent to whom. */
  summary: (asking: RemoteAsking<Extra>, names: string) => string;
  /** Sends the confirmed action to the chosen devices of the house. */
  send: (asking: RemoteAsking<Extra>, shedId: number, chosen: Row[], code: RemoteCode) => Promise<FeedSendAnswer>;
}

/**
 * The frame of the remote-control pages of feed devices: farm and house filters, a house's devices
 * in a selectable table, the settings and clock-sync actions (plus a page's own), the code dialog
 * every action goes through, and each device's outcome of the last send.
 */
export function RemoteDeviceFrame<Row extends RemoteDeviceRow, Extra extends { action: string } = never>(
  props: RemoteDeviceFrameProps<Row, Extra>,
): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const house = useShedPick(choice.farmId);
  const { shedId } = house;
  const list = props.useRows(shedId);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<RemoteAsking<Extra> | null>(null);
  const [answer, setAnswer] = useState<FeedSendAnswer | null>(null);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const rows = list.data ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const names = chosen.map((r) => `${r.deviceNo} ${r.name}`).join(', ');
  const run = async (code: RemoteCode): Promise<void> => {
    if (asking && shedId !== undefined) setAnswer(await props.send(asking, shedId, chosen, code));
  };
  const title = !asking ? '' : t(`remote.actions.${isSettings(asking) ? asking.settings.kind : asking.action}`);

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel(props.code)} subtitle={t(`remote.subtitles.${props.kind}`)} />
      <div className="fs-panel">
        <FilterBar label={t('filters.label')}>
          <FarmShedFields
            idPrefix="remote"
            texts={{ farm: t('feedRecords.fields.farm'), shed: t('feedRecords.fields.shed') }}
            choice={choice}
            house={house}
            onPicked={() => setSelected([])}
          />
        </FilterBar>
      </div>
      <div className="fs-panel">
        <Space wrap className="fs-toolbar" aria-label={t('remote.actionsLabel')}>
          <span>{t('remote.selected', { count: chosen.length })}</span>
          <Button disabled={chosen.length === 0} onClick={() => setEditing(true)}>
            {props.settings.label}
          </Button>
          <Button disabled={chosen.length === 0} onClick={() => setAsking({ action: 'timeSync' })}>
            {t('remote.syncTime')}
          </Button>
          {props.extraActions?.(chosen, setAsking)}
        </Space>
        {answer && <SendResults results={answer.results} />}
        <PagedTable<Row>
          rowKey="id"
          label={t(`remote.tables.${props.kind}`)}
          columns={props.columns}
          rows={rows}
          loading={list.isFetching && rows.length === 0}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t(`remote.empty.${props.kind}`)}
          scroll={{ x: props.scrollX }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        />
      </div>
      <LazySettingsDialog
        open={editing}
        kind={props.settings.kind}
        title={props.settings.label}
        initial={props.settings.initial(chosen)}
        onClose={() => setEditing(false)}
        onDone={(settings) => {
          setEditing(false);
          setAsking({ action: 'settings', settings });
        }}
      />
      <LazyCodeDialog
        open={asking !== null}
        title={title}
        summary={asking ? props.summary(asking, names) : ''}
        onClose={() => setAsking(null)}
        run={run}
      />
    </section>
  );
}
