import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Card, Col, Modal, Row, Select, Tag, Typography, type SelectProps } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FLOCK_TYPE_CODES, type CurveIndicator } from '@farmsense/shared';
import { ApiError } from '../../../app/api/client';
import { toast } from '../../../app/api/toast';
import type { FarmInfo } from '../../../app/api/types';
import { errorMessage } from '../../../app/i18n/i18n';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { flocksApi, useBuiltins, useCurveMutation, type BuiltinCurve } from '../flocksApi';
import { dayRange, flockTypeLabel, indicatorLabel, indicatorUnit, INDICATOR_CODES } from '../model/flocks';
import { DayAgeChart } from './DayAgeChart';

/** A labelled choice of the dialog's filter row (a third of it on a wide screen). */
function ChoiceCol<V extends string | number>({ id, label, ...select }: { id: string; label: string } & SelectProps<V>): ReactElement {
  return (
    <Col xs={24} sm={8}>
      <label htmlFor={id}>{label}</label>
      <Select<V> id={id} className="fs-block-select" {...select} />
    </Col>
  );
}

/**
 * The built-in standards (breed companies' published performance objectives) a farm can start
 * from: each shows where its figures come from first, since a farmer must know whose targets he
 * is measured against. Copying stores it as the farm's own curve, for the standard's flock type
 * or another one; a farm already holding that type and indicator gets 20064.
 */
export function BuiltinCopyDialog({ farmId, farms, onClose }: { farmId?: number; farms: FarmInfo[]; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['flocks', 'common']);
  const builtins = useBuiltins();
  const copy = useCurveMutation(flocksApi.copy);
  const [target, setTarget] = useState<number | undefined>(farmId ?? farms[0]?.id);
  const [flockType, setFlockType] = useState<number | undefined>();
  const [indicator, setIndicator] = useState<CurveIndicator | undefined>();
  const [failed, setFailed] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const shown = useMemo(() => (builtins.data ?? []).filter((b) => !indicator || b.indicator === indicator), [builtins.data, indicator]);

  const run = async (b: BuiltinCurve): Promise<void> => {
    if (target === undefined) return;
    setBusy(b.id);
    setFailed(null);
    try {
      await copy.mutateAsync({ builtinId: b.id, farmId: target, ...(flockType !== undefined ? { flockType } : {}) });
      toast.success(t('builtins.copied', { name: b.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setFailed(err.code);
    } finally {
      setBusy(null);
    }
  };

  let body: ReactElement;
  if (builtins.isPending) body = <LoadingBlock rows={2} />;
  else if (builtins.isError) body = <ErrorBlock title={t('builtins.loadFailed')} onRetry={() => void builtins.refetch()} />;
  else if (shown.length === 0) body = <EmptyBlock title={t('builtins.empty')} />;
  else
    body = (
      <div className="fs-builtin-list" role="list" aria-label={t('builtins.list')}>
        {shown.map((b) => {
          const [from, to] = dayRange(b.startDay, b.values.length);
          return (
            <Card key={b.id} size="small" className="fs-builtin-card" role="listitem" data-testid="builtin-card" aria-label={b.name}>
              <div className="fs-builtin-card__source" data-testid="builtin-source">
                {t('builtins.source', { source: b.source })}
              </div>
              <Typography.Text strong>{b.name}</Typography.Text>
              <div>
                <Tag color="blue">{indicatorLabel(b.indicator)}</Tag>
                <Tag color="green">{flockTypeLabel(b.flockType)}</Tag>
                <Typography.Text type="secondary">{t('curves.dayRangeOf', { from, to })}</Typography.Text>
              </div>
              <DayAgeChart
                series={[{ id: b.id, name: b.name, points: b.values.map((v, i) => [b.startDay + i, v] as const) }]}
                unit={indicatorUnit(b.indicator)}
                ariaLabel={b.name}
                height={140}
                testId="builtin-chart"
              />
              <Button
                type="primary"
                ghost
                icon={<CopyOutlined />}
                disabled={target === undefined}
                loading={busy === b.id}
                onClick={() => void run(b)}
                aria-label={t('builtins.copyOf', { name: b.name })}
              >
                {t('builtins.copy')}
              </Button>
            </Card>
          );
        })}
      </div>
    );

  return (
    <Modal open title={t('builtins.title')} onCancel={onClose} footer={null} width={980} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('builtins.intro')}</Typography.Paragraph>
      <Row gutter={16} className="fs-builtin-filters">
        <ChoiceCol<number>
          id="builtin-farm"
          label={t('builtins.targetFarm')}
          value={target}
          onChange={setTarget}
          options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
          placeholder={t('common:select')}
        />
        <ChoiceCol<number>
          id="builtin-type"
          label={t('builtins.asType')}
          allowClear
          value={flockType}
          onChange={setFlockType}
          placeholder={t('builtins.ownType')}
          options={FLOCK_TYPE_CODES.map((c) => ({ value: c, label: flockTypeLabel(c) }))}
        />
        <ChoiceCol<CurveIndicator>
          id="builtin-indicator"
          label={t('fields.indicator')}
          allowClear
          value={indicator}
          onChange={setIndicator}
          placeholder={t('common:all')}
          options={INDICATOR_CODES.map((c) => ({ value: c, label: indicatorLabel(c) }))}
        />
      </Row>
      {failed !== null && (
        <Alert type="error" showIcon title={errorMessage(failed)} data-testid="copy-error" className="fs-builtin-error" />
      )}
      {body}
    </Modal>
  );
}
