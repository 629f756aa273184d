import type { ReactElement } from 'react';
import { Card, Tag, Tooltip, Typography } from 'antd';
import { ApiOutlined, AppstoreOutlined, HomeOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ShedOverviewRow } from '../../../app/api/types';
import { renderLabel, shedLabel } from '@farmsense/shared';
import { enumLabel, shedTypeLabel, translateKnown } from '../../../ui/enumLabel';
import '../overview.css';

/**
 * One shed: name, SPEC §3 display label, pens and gateways. Live readings arrive with the
 * telemetry work; until then the card says so instead of showing invented figures.
 */
export function ShedCard({ shed }: { shed: ShedOverviewRow }): ReactElement {
  const { t } = useTranslation('shell');
  const typeName = shedTypeLabel(shed.shedType);
  const label = renderLabel(shedLabel(shed), translateKnown);
  const titleId = `shed-${shed.tid}-title`;
  return (
    <Card
      className="fs-shed-card"
      size="small"
      role="article"
      aria-labelledby={titleId}
      data-testid="shed-card"
      title={
        <span className="fs-shed-card__title" id={titleId}>
          <HomeOutlined aria-hidden /> {shed.shedName}
        </span>
      }
      extra={typeName ? <Tag color="green">{typeName}</Tag> : null}
    >
      <div className="fs-shed-card__label" data-testid="shed-label">
        {label}
      </div>
      <dl className="fs-shed-card__facts">
        <div>
          <dt>
            <AppstoreOutlined aria-hidden /> {t('overview.pens')}
          </dt>
          <dd data-testid="shed-pen-count">{shed.penCount}</dd>
        </div>
        <div>
          <dt>
            <ApiOutlined aria-hidden /> {t('overview.gateways')}
          </dt>
          <dd>{shed.gateways.length}</dd>
        </div>
      </dl>
      {shed.gateways.length > 0 ? (
        <ul className="fs-shed-card__gateways" aria-label={t('overview.gateways')}>
          {shed.gateways.map((g) => (
            <li key={g.code} data-testid="shed-gateway">
              <Tooltip title={g.name}>
                <Typography.Text code className="fs-shed-card__code">
                  {g.code}
                </Typography.Text>
              </Tooltip>
              <span className="fs-shed-card__model">{g.model ?? t('overview.modelUnknown')}</span>
              <span className="fs-shed-card__kind">{enumLabel('gatewayType', g.gatewayType)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="fs-shed-card__none">{t('overview.noGateway')}</div>
      )}
      <div className="fs-shed-card__live" data-testid="shed-no-live-data">
        <InfoCircleOutlined aria-hidden />
        <div>
          <div className="fs-shed-card__live-title">{t('overview.noLiveData')}</div>
          <div className="fs-shed-card__live-hint">{t('overview.noLiveDataHint')}</div>
        </div>
      </div>
    </Card>
  );
}
