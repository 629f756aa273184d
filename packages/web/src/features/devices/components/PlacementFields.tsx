import type { ReactElement } from 'react';
import { Col, Form, Row, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMM_POINT_MAX, DTU_GATEWAY_TYPE } from '@farmsense/shared';
import { useDtuOptions, useNetworkOptions } from '../api';
import { NumberInput } from '../../../ui/NumberInput';

/**
 * Where a gateway sits (SPEC §3 Controller: network, port, communication point number; Gateway:
 * DTU): the network device of its farm it is wired to, the port there and its point number on
 * that port, given together or not at all (the server answers 200323 otherwise, 203341 for a
 * point already taken); and the DTU it reports through (a DTU itself names none).
 */
export interface PlacementValues {
  networkId?: number | null;
  port?: number | null;
  commPointNo?: number | null;
  parentId?: number | null;
}

const PORT_MAX = 65535;
const PLACEMENT = ['networkId', 'port', 'commPointNo'] as const;
const isSet = (v: unknown): boolean => v !== null && v !== undefined;

export function PlacementFields({ farmId, gatewayType, selfId }: { farmId?: number; gatewayType?: number; selfId?: number }): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const networks = useNetworkOptions(farmId);
  const dtus = useDtuOptions(farmId, selfId);
  const whole =
    (field: (typeof PLACEMENT)[number]): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async (): Promise<void> => {
        const v = getFieldsValue(PLACEMENT as unknown as string[]) as PlacementValues;
        const given = PLACEMENT.filter((f) => isSet(v[f])).length;
        if (given > 0 && given < PLACEMENT.length && !isSet(v[field])) throw new Error(t('form.placementIncomplete'));
      },
    });
  // A station or port outside its range is named on the field (the server refuses it too).
  const within =
    (max: number): FormRule =>
    () => ({
      validator: async (_: unknown, v: unknown): Promise<void> => {
        if (!isSet(v)) return;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Error(t('validation:positiveInteger'));
        if (v > max) throw new Error(t('validation:tooLarge'));
      },
    });
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item name="networkId" label={t('fields.network')} rules={[whole('networkId')]} dependencies={['port', 'commPointNo']}>
            <Select
              allowClear
              placeholder={t('form.noNetwork')}
              loading={networks.isFetching}
              options={networks.data ?? []}
              data-testid="controller-network"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item
            name="port"
            label={t('fields.port')}
            rules={[whole('port'), within(PORT_MAX)]}
            dependencies={['networkId', 'commPointNo']}
          >
            <NumberInput integer style={{ width: '100%' }} data-testid="controller-port" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item
            name="commPointNo"
            label={t('fields.commPointNo')}
            rules={[whole('commPointNo'), within(COMM_POINT_MAX)]}
            dependencies={['networkId', 'port']}
          >
            <NumberInput integer style={{ width: '100%' }} data-testid="controller-comm-point" />
          </Form.Item>
        </Col>
      </Row>
      {gatewayType !== DTU_GATEWAY_TYPE && (
        <Form.Item name="parentId" label={t('fields.parent')}>
          <Select allowClear placeholder={t('form.noParent')} loading={dtus.isFetching} options={dtus.data ?? []} />
        </Form.Item>
      )}
    </>
  );
}
