import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { OperationLogRow } from '@farmsense/shared';
import { CodeCell, moduleLabel, OutcomeTag } from './labels';
import { entrySentence } from './sentence';
import { ClippedText } from '../../../ui/ClippedText';

/** Moments are shown in the browser's time zone, to the second; the column title names the zone. */
export const LOG_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The name a failed sign-in was attempted with, when no account matched it. */
function attemptedName(detail: unknown): string | null {
  if (!detail || typeof detail !== 'object') return null;
  const u = (detail as { username?: unknown }).username;
  return typeof u === 'string' && u ? u : null;
}

export function oplogColumns(t: TFunction): ColumnsType<OperationLogRow> {
  return [
    {
      key: 'at',
      title: t('columns.time', { zone: `UTC${dayjs().format('Z')}` }),
      dataIndex: 'at',
      width: 164,
      render: (at: string) => <span className="fs-nowrap">{dayjs(at).format(LOG_TIME_FORMAT)}</span>,
    },
    {
      key: 'account',
      title: t('columns.account'),
      width: 140,
      render: (_, r) => {
        if (r.accountCode) {
          return (
            <div className="fs-cell-stack">
              <span>{r.accountName ?? r.accountCode}</span>
              {r.accountName && <span className="fs-muted fs-cell-sub">{r.accountCode}</span>}
            </div>
          );
        }
        const tried = attemptedName(r.detail);
        return tried ? (
          <div className="fs-cell-stack">
            <span>{tried}</span>
            <span className="fs-muted fs-cell-sub">{t('columns.unknownAccount')}</span>
          </div>
        ) : (
          <span className="fs-muted">—</span>
        );
      },
    },
    {
      key: 'ip',
      title: t('columns.ip'),
      dataIndex: 'ip',
      width: 124,
      render: (ip: string | null) => <span className="fs-mono">{ip ?? '—'}</span>,
    },
    {
      key: 'method',
      title: t('columns.method'),
      dataIndex: 'method',
      width: 76,
      render: (m: string | null) =>
        m ? (
          <Tag bordered={false} className="fs-method">
            {m}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      key: 'action',
      title: t('columns.action'),
      dataIndex: 'action',
      width: 320,
      render: (_: string, row: OperationLogRow) => <ClippedText text={entrySentence(row)} testId="oplog-sentence" />,
    },
    { key: 'module', title: t('columns.module'), dataIndex: 'module', width: 140, render: (m: string | null) => moduleLabel(m) },
    {
      key: 'outcome',
      title: t('columns.outcome'),
      dataIndex: 'outcome',
      width: 104,
      render: (o: OperationLogRow['outcome']) => <OutcomeTag outcome={o} />,
    },
    { key: 'code', title: t('columns.code'), dataIndex: 'code', width: 160, render: (c: number | null) => <CodeCell code={c} /> },
  ];
}
