import type { ReactElement } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { fixedWindPayload, heaterPayload, pumpsPayload, tempDayAgePayload, type OptionLogRow } from '@farmsense/shared';
import type { TFunction } from 'i18next';
import { menuLabel } from '../../../app/i18n/i18n';
import { PagedTable, pageQueryProps, usePaging } from '../../../ui/PagedTable';
import { PageHead } from '../../../ui/PageParts';
import { useOptionLogs } from '../api';
import { pumpText } from '../components/pumpText';
import { StatusTag } from '../components/SyncState';
import '../../../ui/admin.css';

/** A setting in a few words: a curve's points as "day: target °C" and its RH target; heaters', fan stages' and pumps' points. */
function settingText(value: unknown, t: TFunction): string {
  const c = tempDayAgePayload.safeParse(value);
  if (c.success)
    return `${c.data.points.map((x) => `${x.day}: ${x.target}°C`).join(', ')}; ${t('curve.fields.rhTarget')} ${c.data.rhTarget}`;
  const h = heaterPayload.safeParse(value);
  if (h.success)
    return h.data.heaters
      .map((x) =>
        x.enabled ? t('heater.summary', { index: x.index, on: x.onBelow, off: x.offBelow }) : t('heater.disabled', { index: x.index }),
      )
      .join('; ');
  const f = fixedWindPayload.safeParse(value);
  if (f.success)
    return f.data.stages
      .map((s, i) =>
        t('fixedWind.summary', { n: i + 1, fan: s.fan, on: s.onAbove, off: s.offAbove, run: s.runSeconds, stop: s.stopSeconds }),
      )
      .join('; ');
  const p = pumpsPayload.safeParse(value);
  if (p.success) return p.data.pumps.map((x) => pumpText(x, t)).join('; ');
  return '';
}

/**
 * The option log (/remote-control/option-logs): every remote change, newest first, with who made it, from which value to
 * which, how it was confirmed (never the code), and the controller's answer.
 */
export function OptionLogsPage(): ReactElement {
  const { t } = useTranslation('control');
  const { paging, setPaging } = usePaging();
  const page = useOptionLogs(paging);
  const columns: TableColumnsType<OptionLogRow> = [
    { title: t('logs.at'), key: 'at', width: 170, render: (_, r) => new Date(r.createdAt).toLocaleString() },
    { title: t('logs.house'), key: 'house', render: (_, r) => `${r.farmName ?? ''} / ${r.shedName ?? ''}` },
    { title: t('logs.setting'), key: 'setting', render: (_, r) => `${t(`groups.${r.group}`)} v${r.version}` },
    { title: t('logs.action'), key: 'action', render: (_, r) => t(`logs.actions.${r.action}`) },
    { title: t('logs.from'), key: 'from', render: (_, r) => settingText(r.fromValue, t) },
    { title: t('logs.to'), key: 'to', render: (_, r) => settingText(r.toValue, t) },
    {
      title: t('logs.code'),
      key: 'code',
      render: (_, r) => (
        <>
          {t(`codeDialog.${r.codeKind}`)}
          {r.confirmedOffComfort && <Tag color="orange">{t('logs.offComfort')}</Tag>}
        </>
      ),
    },
    { title: t('logs.account'), dataIndex: 'accountName' },
    {
      title: t('logs.answer'),
      key: 'answer',
      render: (_, r) => (
        <>
          <StatusTag status={r.status} online /> {r.ackMsg ?? ''}
        </>
      ),
    },
  ];
  const code = 'remote-control.option-logs';
  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel(code)} subtitle={t('logs.subtitle')} />
      <div className="fs-panel">
        <PagedTable<OptionLogRow>
          rowKey="id"
          label={t('logs.table')}
          columns={columns}
          paging={paging}
          onPaging={setPaging}
          emptyText={t('logs.empty')}
          {...pageQueryProps(page)}
        />
      </div>
    </section>
  );
}
