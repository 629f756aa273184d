import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { COMMAND_PROPERTY, OFFLINE_PROPERTY, type AlarmRuleRow, type AlarmStageRow } from '@farmsense/shared';
import { fmtDuration, fmtValue, keyLabel } from '../../environment';
import { LEVEL_COLOURS } from './alarmColumns';
import { StackCell } from '../../../ui/list/nameColumn';

/** "Temperature 3", or "Every Temperature sensor" for a rule on the kind. */
export function rulePropertyLabel(t: TFunction, property: string): string {
  if (property === OFFLINE_PROPERTY) return t('property.offline');
  if (property === COMMAND_PROPERTY) return t('property.command');
  return property.includes('.') ? keyLabel(property) : t('property.anyOf', { kind: keyLabel(property).trim() });
}

/** A limit of a stage as written with its unit: "30.0 °C", or "target +3.0 °C" when relative. */
function limitText(t: TFunction, s: AlarmStageRow, value: number | null, property: string): string {
  if (value === null) return '–';
  const n = fmtValue(value, property);
  if (s.limitKind === 'absolute') return n;
  return t('rules.relative', { offset: value >= 0 ? `+${n}` : n });
}

function stageText(t: TFunction, r: AlarmRuleRow, s: AlarmStageRow): string {
  const days = t('rules.days', { from: s.fromDay, to: s.toDay });
  const low = limitText(t, s, s.low, r.property);
  const high = limitText(t, s, s.high, r.property);
  const limits = r.operator === 'outside' ? `${low} … ${high}` : r.operator === 'lt' || r.operator === 'lte' ? low : high;
  return `${days}: ${limits}`;
}

/** The columns of the rules table, before the actions column. */
export function ruleColumns(t: TFunction): ColumnsType<AlarmRuleRow> {
  return [
    {
      key: 'name',
      title: t('rules.columns.name'),
      width: 200,
      render: (_, r) => (
        <StackCell
          main={
            <span>
              {r.name} {!r.enabled && <Tag>{t('common:disabled')}</Tag>}
            </span>
          }
          sub={r.message}
          tooltip
        />
      ),
    },
    {
      key: 'level',
      title: t('rules.columns.level'),
      width: 90,
      render: (_, r) => <Tag color={LEVEL_COLOURS[r.level]}>{t(`levels.${r.level}`)}</Tag>,
    },
    {
      key: 'watch',
      title: t('rules.columns.property'),
      width: 200,
      render: (_, r) => <StackCell main={<span>{rulePropertyLabel(t, r.property)}</span>} sub={t(`kinds.${r.kind}`)} />,
    },
    {
      key: 'condition',
      title: t('rules.columns.condition'),
      width: 280,
      render: (_, r) => {
        if (r.kind === 'noData') return t('rules.noDataFor', { minutes: r.noDataMinutes ?? 0 });
        if (r.kind === 'offline') return t('kinds.offline');
        if (r.kind === 'commandFailed') return t('rules.commandFailedWhen');
        if (r.kind === 'rateOfChange') {
          return t('rules.rateWhen', {
            direction: t(`directions.${r.direction ?? 'either'}`),
            amount: fmtValue(r.rateAmount, r.property),
            minutes: r.windowMinutes ?? 0,
          });
        }
        return (
          <div className="fs-cell-stack" data-testid="rule-stages">
            <span>{r.operator && t(`operators.${r.operator}`)}</span>
            {r.stages.map((s) => (
              <Typography.Text key={s.fromDay} type="secondary" className="fs-cell-sub">
                {stageText(t, r, s)}
              </Typography.Text>
            ))}
          </div>
        );
      },
    },
    {
      key: 'timing',
      title: t('rules.columns.timing'),
      width: 180,
      render: (_, r) => (
        <StackCell
          main={
            r.kind !== 'noData' &&
            r.kind !== 'commandFailed' && <span>{t('rules.heldFor', { duration: fmtDuration(r.durationSec * 1000) })}</span>
          }
          sub={
            r.kind === 'threshold' || r.kind === 'rateOfChange' ? t('rules.deadbandOf', { value: fmtValue(r.deadband, r.property) }) : null
          }
        />
      ),
    },
  ];
}
