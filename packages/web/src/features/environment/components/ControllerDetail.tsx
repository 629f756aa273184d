import { useMemo, type ReactElement } from 'react';
import { Descriptions, Empty, Progress, Skeleton, Tag, Tooltip } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HkqDetail } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import { ErrorBlock } from '../../../ui/QueryStates';
import { useControllerDetail } from '../api';
import { useNow } from '../hooks/useNow';
import type { LiveValue } from '../live/liveStore';
import { fmtAgo, fmtNumber, fmtTime, keyLabel, prefixOf } from '../model/format';
import '../../../ui/report-page.css';
import '../environment.css';

/**
 * One controller's full state (hkqDetail): identity, link state, and every latest value grouped
 * as climate, actuators and meters. Values the live stream brings replace the loaded ones, so
 * the panel stays current while it is open; a value the controller stopped sending is marked.
 * This is the content of /device-running-status/controller/iframe, shown in a drawer.
 */
type DetailValue = HkqDetail['values'][number];

const GROUPS: { id: 'climate' | 'actuators' | 'meters'; prefixes: readonly string[] }[] = [
  { id: 'climate', prefixes: ['temp', 'outTemp', 'targetTemp', 'rh', 'co2', 'nh3', 'h2s', 'pa', 'light', 'wind', 'ph', 'dayAge'] },
  { id: 'actuators', prefixes: ['fan', 'heater', 'window', 'curtain', 'pump', 'mist'] },
  { id: 'meters', prefixes: ['water', 'elec', 'feed', 'weight'] },
];
const ON_OFF = new Set(['heater', 'pump', 'mist']);

export function groupValues(values: readonly DetailValue[]): Record<'climate' | 'actuators' | 'meters' | 'other', DetailValue[]> {
  const out: Record<'climate' | 'actuators' | 'meters' | 'other', DetailValue[]> = { climate: [], actuators: [], meters: [], other: [] };
  for (const v of values) {
    const g = GROUPS.find((x) => x.prefixes.includes(prefixOf(v.key)));
    out[g?.id ?? 'other'].push(v);
  }
  return out;
}

function ValueCell({ v }: { v: DetailValue }): ReactElement {
  const { t } = useTranslation('environment');
  const prefix = prefixOf(v.key);
  if (ON_OFF.has(prefix)) {
    return v.value > 0 ? <Tag color="orange">{t('detail.on')}</Tag> : <Tag>{t('detail.off')}</Tag>;
  }
  if (prefix === 'fan' || prefix === 'window' || prefix === 'curtain') {
    return (
      <div className="fs-detail__pct">
        <Progress
          percent={Math.max(0, Math.min(100, v.value))}
          size="small"
          showInfo={false}
          strokeColor={prefix === 'fan' ? '#1677a6' : '#1f7a45'}
        />
        <span>{fmtNumber(v.value, prefix)} %</span>
      </div>
    );
  }
  return (
    <span className="fs-detail__num">
      {fmtNumber(v.value, v.key)}
      {v.unit && <span className="fs-detail__unit">{v.unit}</span>}
    </span>
  );
}

export function ControllerDetail({
  gatewayCode,
  shedId,
  live,
  online,
}: {
  gatewayCode?: string;
  shedId?: number;
  live?: Readonly<Record<string, LiveValue>>;
  /** The link state the live stream reports, newer than the loaded one (the running-status page). */
  online?: boolean;
}): ReactElement {
  const { t } = useTranslation(['environment', 'common']);
  const now = useNow();
  const query = useControllerDetail(gatewayCode !== undefined || shedId !== undefined ? { gatewayCode, shedId } : null);
  const detail = query.data;

  const values = useMemo(() => {
    if (!detail) return [];
    const merged = detail.values.map((v) => {
      const l = live?.[v.key];
      return l && l.ts >= v.ts ? { ...v, value: l.value, ts: l.ts, stale: false } : v;
    });
    return merged;
  }, [detail, live]);
  const groups = useMemo(() => groupValues(values), [values]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !detail) return <ErrorBlock title={t('detail.loadFailed')} onRetry={() => void query.refetch()} />;

  const lastSeen = Math.max(detail.lastSeenAt ?? 0, ...values.map((v) => v.ts)) || null;
  return (
    <div className="fs-detail" data-testid="controller-detail">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="fs-detail__info">
        <Descriptions.Item label={t('detail.code')}>
          <span className="fs-mono">{detail.gatewayCode}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.name')}>{detail.gatewayName}</Descriptions.Item>
        <Descriptions.Item label={t('detail.type')}>{enumLabel('gatewayType', detail.gatewayType)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.category')}>{enumLabel('deviceCategory', detail.deviceCategory) || '–'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.model')}>{detail.model ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.serial')}>{detail.serialNo ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.place')}>
          {[detail.farmName, detail.shedName].filter(Boolean).join(' / ') || '–'}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.link')}>
          {(online ?? detail.online) ? (
            <Tag color="success">{t('common:online')}</Tag>
          ) : (
            <Tag icon={<DisconnectOutlined />}>{t('common:offline')}</Tag>
          )}
          {detail.since && (
            <Tooltip title={fmtTime(detail.since, true)}>
              <span className="fs-muted">{t('detail.since', { ago: fmtAgo(detail.since, now) })}</span>
            </Tooltip>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.lastSeen')} span={2}>
          {lastSeen ? `${fmtTime(lastSeen, true)} (${fmtAgo(lastSeen, now)})` : t('card.neverSeen')}
        </Descriptions.Item>
      </Descriptions>
      {values.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell:overview.noLiveData')} />
      ) : (
        (['climate', 'actuators', 'meters', 'other'] as const)
          .filter((g) => groups[g].length > 0)
          .map((g) => (
            <section key={g} className="fs-detail__group" aria-labelledby={`detail-${g}`}>
              <h4 id={`detail-${g}`}>{t(`detail.group.${g}`)}</h4>
              <ul className="fs-detail__grid">
                {groups[g].map((v) => (
                  <li key={v.key} className={v.stale ? 'fs-detail__stale' : undefined} data-testid="detail-value" data-key={v.key}>
                    <span className="fs-detail__label">
                      {keyLabel(v.key)}
                      {v.stale && (
                        <Tooltip title={t('detail.staleHint', { time: fmtTime(v.ts) })}>
                          <Tag className="fs-detail__stale-tag">{t('detail.stale')}</Tag>
                        </Tooltip>
                      )}
                    </span>
                    <ValueCell v={v} />
                  </li>
                ))}
              </ul>
            </section>
          ))
      )}
    </div>
  );
}
