import { useMemo, type ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Result, Tag, Typography } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DEVICE_CODE_PATTERN, type ChannelRow } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import {
  ControllerDetail,
  fmtValue,
  keyLabel,
  LiveBadge,
  prefixOf,
  shedGatewaysQuery,
  useControllerDetail,
  useLiveTelemetry,
  type LiveValue,
} from '../../environment';
import { useChannelsByCode } from '../api';
import '../devices.css';

/**
 * /device-running-status/controller/iframe?code=fs-… (or ?shedId=…, its shed's first
 * controller): one controller's running status for embedding in other screens, full screen
 * without the shell. Identity, link state and every latest value come from hkqDetail; the live
 * stream of its shed keeps values and link state current; the channel table says what each
 * configured sub-device channel is doing now.
 */
const ON_OFF = new Set(['heater', 'pump', 'mist']);

function stateOf(key: string, value: LiveValue | undefined, t: (k: string) => string): ReactElement {
  if (!value) return <span className="fs-muted">–</span>;
  if (ON_OFF.has(prefixOf(key)))
    return value.value > 0 ? <Tag color="orange">{t('environment:detail.on')}</Tag> : <Tag>{t('environment:detail.off')}</Tag>;
  return <span className="fs-mono">{fmtValue(value.value, key)}</span>;
}

function readTarget(params: URLSearchParams): { gatewayCode?: string; shedId?: number } | null {
  const code = params.get('code')?.trim();
  if (code && DEVICE_CODE_PATTERN.test(code)) return { gatewayCode: code };
  const shedId = Number(params.get('shedId'));
  return Number.isInteger(shedId) && shedId > 0 ? { shedId } : null;
}

export function RunningStatusPage(): ReactElement {
  const { t } = useTranslation(['devices', 'environment', 'common']);
  const [params] = useSearchParams();
  const target = useMemo(() => readTarget(params), [params]);
  const detail = useControllerDetail(target);
  const code = detail.data?.gatewayCode;
  const shedId = detail.data?.shedId ?? undefined;
  // The stream names gateways by id, the detail by code: the shed's latest answer pairs them.
  const ids = useQuery({ ...shedGatewaysQuery(shedId ?? 0), enabled: shedId !== undefined });
  const gatewayId = ids.data?.gateways.find((g) => g.code === code)?.gatewayId;
  const live = useLiveTelemetry({
    shedIds: shedId !== undefined ? [shedId] : [],
    enabled: shedId !== undefined,
    onResume: () => void detail.refetch(),
  });
  const liveGw = gatewayId !== undefined ? live.gateways[gatewayId] : undefined;
  const channels = useChannelsByCode(code);

  const current = useMemo(() => {
    const out: Record<string, LiveValue> = {};
    for (const v of detail.data?.values ?? []) out[v.key] = { value: v.value, ts: v.ts };
    for (const [k, v] of Object.entries(liveGw?.values ?? {})) if (!out[k] || out[k].ts <= v.ts) out[k] = v;
    return out;
  }, [detail.data, liveGw]);

  if (!target) {
    return (
      <main className="fs-running">
        <Result status="info" title={t('running.missing')} />
      </main>
    );
  }

  const columns: ColumnsType<ChannelRow> = [
    { key: 'key', title: t('channels.key'), width: 160, render: (_, c) => <span title={c.key}>{keyLabel(c.key)}</span> },
    { key: 'name', title: t('channels.name'), render: (_, c) => c.name ?? '–' },
    { key: 'subDevice', title: t('channels.subDevice'), render: (_, c) => enumLabel('climateSubDevice', c.subDevice) },
    { key: 'state', title: t('running.state'), width: 140, render: (_, c) => stateOf(c.key, current[c.key], t) },
  ];

  return (
    <main className="fs-running" data-testid="running-status">
      <header className="fs-running__head">
        <Typography.Title level={4} className="fs-running__title">
          {t('running.title', { name: detail.data?.gatewayName ?? code ?? '' })}
        </Typography.Title>
        {shedId !== undefined && <LiveBadge connection={live.connection} />}
      </header>
      <ControllerDetail {...target} live={liveGw?.values} online={liveGw?.online} />
      {detail.data && (
        <section className="fs-running__channels" aria-labelledby="running-channels">
          <Typography.Title level={5} id="running-channels">
            {t('running.channels')}
          </Typography.Title>
          <PagedTable<ChannelRow>
            label={t('running.channels')}
            size="small"
            rowKey="key"
            loading={channels.isFetching}
            columns={columns}
            rows={channels.data ?? []}
            emptyText={t('running.noChannels')}
            data-testid="running-channels"
          />
        </section>
      )}
    </main>
  );
}
