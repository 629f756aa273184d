import type { ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { COMMAND_PROPERTY, feedAlarmText, isFeedAlarmKind, OFFLINE_PROPERTY, type AlarmRow } from '@farmsense/shared';
import { fmtDuration, fmtTime, fmtValue, keyLabel } from '../../environment';
import { StackCell } from '../../../ui/list/nameColumn';

/** Level colours: high red, medium orange, low blue (the bell uses the same). */
export const LEVEL_COLOURS: Readonly<Record<number, string>> = { 1: 'red', 2: 'orange', 3: 'blue' };
const STATE_COLOURS: Readonly<Record<AlarmRow['state'], string>> = {
  activeUnacknowledged: 'error',
  activeAcknowledged: 'warning',
  clearedUnacknowledged: 'processing',
  cleared: 'default',
};

/**
 * The sensor or device state an alarm is about: "Temperature 2", the offline state's name, or the
 * failed command's setting group ("Command failed: day-age temperature curve").
 */
function propertyLabel(t: TFunction, key: string, kind: AlarmRow['kind']): string {
  // A feed alarm names no sensor: its kind is what it is about (the feeder or house is its "rule").
  if (isFeedAlarmKind(kind)) return t(`kinds.${kind}`);
  if (key === OFFLINE_PROPERTY) return t('property.offline');
  if (key.startsWith(`${COMMAND_PROPERTY}.`)) {
    return t('property.commandOf', { group: t(`control:groups.${key.slice(COMMAND_PROPERTY.length + 1)}`) });
  }
  return keyLabel(key);
}

/** The rule's message, or a feed alarm's words from the catalogue (it has no rule). */
function messageOf(t: TFunction, r: AlarmRow): string {
  if (!isFeedAlarmKind(r.kind)) return r.message;
  const words = feedAlarmText(r.kind, r.key, r.value);
  return t(words.key, words.vars);
}

/** Not eaten: g dispensed of the plan; silo gap: the gap against the tolerance; a fault: its words say it. */
function feedValue(t: TFunction, r: AlarmRow): ReactElement {
  if (r.kind === 'notEaten') return <span>{t('feed.dispensed', { dispensed: r.value ?? '–', planned: r.high ?? '–' })}</span>;
  if (r.kind === 'siloGap') {
    return <StackCell main={<span>{t('feed.gap', { gap: r.value ?? '–' })}</span>} sub={t('feed.tolerance', { pct: r.high ?? '–' })} />;
  }
  return <span className="fs-muted">–</span>;
}

const sub = (text: string): ReactElement => (
  <Typography.Text type="secondary" className="fs-cell-sub">
    {text}
  </Typography.Text>
);

/** The columns of the alarm records, before the actions column (the page adds it). */
export function alarmColumns(t: TFunction, now: number): ColumnsType<AlarmRow> {
  return [
    {
      key: 'level',
      title: t('records.columns.level'),
      width: 90,
      render: (_, r) => (
        <Tag color={LEVEL_COLOURS[r.level]} data-testid="alarm-level" data-level={r.level}>
          {t(`levels.${r.level}`)}
        </Tag>
      ),
    },
    {
      key: 'shed',
      title: t('records.columns.shed'),
      width: 140,
      render: (_, r) => <StackCell main={<span>{r.shedName}</span>} sub={r.farmName} />,
    },
    { key: 'property', title: t('records.columns.property'), width: 140, render: (_, r) => propertyLabel(t, r.key, r.kind) },
    {
      key: 'rule',
      title: t('records.columns.rule'),
      width: 180,
      render: (_, r) => {
        const message = messageOf(t, r);
        return <StackCell main={<span>{r.ruleName}</span>} sub={message} tooltip />;
      },
    },
    {
      key: 'state',
      title: t('records.columns.state'),
      width: 170,
      render: (_, r) => (
        <div className="fs-cell-stack">
          <span>
            <Tag color={STATE_COLOURS[r.state]} data-testid="alarm-state">
              {t(`states.${r.state}`)}
            </Tag>
          </span>
          {r.shelvedUntil !== null && r.shelvedUntil > now && sub(t('records.shelvedUntil', { time: fmtTime(r.shelvedUntil) }))}
          {r.clearedByName && sub(t('records.clearedBy', { name: r.clearedByName }))}
        </div>
      ),
    },
    {
      key: 'start',
      title: t('records.columns.start'),
      width: 150,
      render: (_, r) => <span className="fs-nowrap">{fmtTime(r.startedAt, true)}</span>,
    },
    {
      key: 'end',
      title: t('records.columns.end'),
      width: 160,
      render: (_, r) => (
        <div className="fs-cell-stack">
          <span className="fs-nowrap">{r.endedAt === null ? t('records.stillActive') : fmtTime(r.endedAt, true)}</span>
          {sub(t('records.lasted', { duration: fmtDuration(r.durationSec * 1000) }))}
        </div>
      ),
    },
    {
      key: 'value',
      title: t('records.columns.value'),
      width: 160,
      render: (_, r) =>
        isFeedAlarmKind(r.kind) ? (
          feedValue(t, r)
        ) : r.kind === 'offline' ? (
          <span className="fs-muted">–</span>
        ) : r.kind === 'commandFailed' ? (
          <span>{t('records.commandVersion', { version: r.value ?? '–' })}</span>
        ) : r.kind === 'rateOfChange' ? (
          <div className="fs-cell-stack">
            <span>{t('records.rateChange', { value: fmtValue(r.peak ?? r.value, r.key) })}</span>
            {sub(t('records.rateAllowed', { amount: fmtValue(r.high, r.key) }))}
          </div>
        ) : (
          <div className="fs-cell-stack">
            <span>
              {fmtValue(r.value, r.key)}
              {r.peak !== null && r.peak !== r.value && <> · {t('records.peak', { value: fmtValue(r.peak, r.key) })}</>}
            </span>
            {(r.low !== null || r.high !== null) &&
              sub(t('records.limits', { low: fmtValue(r.low, r.key), high: fmtValue(r.high, r.key) }))}
          </div>
        ),
    },
    {
      key: 'ack',
      title: t('records.columns.ack'),
      width: 180,
      render: (_, r) =>
        r.acknowledged ? (
          <div className="fs-cell-stack" data-testid="alarm-ack">
            <span>
              {r.ackByName ?? '–'} · {fmtTime(r.ackAt)}
            </span>
            {r.ackComment && sub(r.ackComment)}
          </div>
        ) : (
          <span className="fs-muted">{t('records.notAcked')}</span>
        ),
    },
  ];
}
