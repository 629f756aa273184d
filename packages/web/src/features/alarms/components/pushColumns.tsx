import type { ReactElement, ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { PushMessageRow, PushOutcome, PushStatus } from '@farmsense/shared';
import { errorMessage } from '../../../app/i18n/i18n';
import { fmtTime } from '../../environment';

const STATUS_COLOR: Record<PushStatus, string> = { pushing: 'processing', success: 'success', failure: 'error' };
const OUTCOME_COLOR: Record<PushOutcome, string> = {
  open: 'orange',
  acknowledged: 'green',
  cleared: 'blue',
  gaveUp: 'red',
  stopped: 'default',
};
/** The failure words the sender writes without a detail. */
const PLAIN_ERRORS = new Set(['network', 'timeout', 'noCaller']);
/** The failure kinds it writes with one (`http.503`, `smtp.550`, `smtp.eauth`). */
const DETAILED_ERRORS = new Set(['http', 'smtp']);

/**
 * The reader's words for a message's last failure: a catalogue code (digits) through the errors
 * catalogue, the sender's own codes through the page's texts; anything else as it was written.
 */
export function pushErrorText(t: TFunction, code: string): string {
  if (/^\d+$/.test(code)) return errorMessage(Number(code));
  if (PLAIN_ERRORS.has(code)) return t(`pushList.errors.${code}`);
  const dot = code.indexOf('.');
  const kind = dot > 0 ? code.slice(0, dot) : code;
  if (DETAILED_ERRORS.has(kind)) return t(`pushList.errors.${kind}`, { detail: code.slice(dot + 1) });
  return code;
}

/** A cell's value over a grey second line (none where `second` is false or null). */
const stacked = (main: ReactNode, second: string | false | null): ReactElement => (
  <div className="fs-cell-stack">
    {main}
    {second !== false && second !== null && (
      <Typography.Text type="secondary" className="fs-cell-sub">
        {second}
      </Typography.Text>
    )}
  </div>
);

/** The columns of both push lists (the phone one adds the method). Times are shown in farm time. */
export function pushColumns(t: TFunction, withMethod: boolean): ColumnsType<PushMessageRow> {
  return [
    {
      key: 'createdAt',
      title: t('pushList.columns.createdAt'),
      width: 170,
      render: (_, r) => <span className="fs-nowrap">{fmtTime(r.createdAt, true)}</span>,
    },
    {
      key: 'place',
      title: t('pushList.columns.place'),
      width: 180,
      render: (_, r) => stacked(<span>{r.shedName}</span>, r.farmName),
    },
    {
      key: 'recipient',
      title: t('pushList.columns.recipient'),
      width: 220,
      render: (_, r) => stacked(<span>{r.recipientName ?? r.recipient}</span>, r.recipientName !== null && r.recipient),
    },
    ...(withMethod
      ? [
          {
            key: 'method',
            title: t('pushList.columns.method'),
            width: 100,
            render: (_: unknown, r: PushMessageRow) => <Tag>{t(`push.methods.${r.method}`)}</Tag>,
          },
        ]
      : []),
    {
      key: 'subject',
      title: t('pushList.columns.subject'),
      render: (_, r) => stacked(<span>{r.subject}</span>, r.round > 1 && t('pushList.round', { round: r.round })),
    },
    {
      key: 'status',
      title: t('pushList.columns.status'),
      width: 120,
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid="push-status">
          {t(`pushList.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { key: 'attempts', title: t('pushList.columns.attempts'), width: 90, align: 'right', render: (_, r) => r.attempts },
    {
      key: 'lastError',
      title: t('pushList.columns.lastError'),
      width: 220,
      render: (_, r) =>
        r.lastError === null ? (
          '–'
        ) : (
          <span data-testid="push-error" title={r.lastError}>
            {pushErrorText(t, r.lastError)}
          </span>
        ),
    },
    {
      key: 'sentAt',
      title: t('pushList.columns.sentAt'),
      width: 170,
      render: (_, r) =>
        stacked(
          <span className="fs-nowrap">{fmtTime(r.sentAt, true)}</span>,
          r.status === 'pushing' && r.nextAttemptAt !== null && t('pushList.nextAttempt', { time: fmtTime(r.nextAttemptAt) }),
        ),
    },
    {
      key: 'outcome',
      title: t('pushList.columns.outcome'),
      width: 160,
      render: (_, r) =>
        stacked(
          <Tag color={OUTCOME_COLOR[r.outcome]}>{t(`pushList.outcomes.${r.outcome}`)}</Tag>,
          r.ackVia !== null && t('pushList.ackVia', { via: r.ackVia }),
        ),
    },
  ];
}
