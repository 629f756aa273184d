import type { ReactElement } from 'react';
import { Button, Checkbox, Form, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PUMP_KINDS, PUMP_LIMITS, pumpsPayload } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { listFieldRule } from './listRule';

const NUMBERS = ['onAbove', 'offAbove', 'rhLimit', 'runSeconds', 'stopSeconds'] as const;
const INTEGER = new Set<string>(['runSeconds', 'stopSeconds']);

/** The next pump number not in the list. */
const nextPump = (rows: readonly { pump?: number | null }[]): number => {
  const used = new Set(rows.map((r) => r.pump));
  let n = 1;
  while (used.has(n) && n < PUMP_LIMITS.maxPumps) n++;
  return n;
};

/** The pumps of a house: number, pad or mist, automatic, on and off points over the set point, humidity limit, run and rest. */
export function PumpEditor(): ReactElement {
  const { t } = useTranslation('control');
  const form = Form.useFormInstance();
  const label = (name: string, i: number): string | undefined => (i === 0 ? t(`pumps.${name}`) : undefined);
  return (
    <Form.List name="pumps">
      {(fields, { add, remove }) => (
        <div className="fs-curve-rows" role="table" aria-label={t('pumps.list')}>
          <p className="fs-dialog-note">{t('pumps.hint')}</p>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap role="row" data-testid={`pump-row-${i}`}>
              <Form.Item
                name={[f.name, 'pump']}
                label={label('pump', i)}
                required
                rules={[listFieldRule(pumpsPayload, 'pumps', f.name, 'pump')]}
              >
                <NumberInput integer aria-label={`${t('pumps.pump')} ${i + 1}`} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'kind']}
                label={label('kind', i)}
                required
                rules={[listFieldRule(pumpsPayload, 'pumps', f.name, 'kind')]}
              >
                <Select
                  aria-label={`${t('pumps.kind')} ${i + 1}`}
                  style={{ minWidth: 140 }}
                  options={PUMP_KINDS.map((k) => ({ value: k, label: t(`pumps.kinds.${k}`) }))}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'auto']} valuePropName="checked" label={label('auto', i)}>
                <Checkbox aria-label={`${t('pumps.auto')} ${i + 1}`} />
              </Form.Item>
              {NUMBERS.map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={label(name, i)}
                  required
                  rules={[listFieldRule(pumpsPayload, 'pumps', f.name, name)]}
                  dependencies={name === 'offAbove' ? [['pumps', f.name, 'onAbove']] : undefined}
                >
                  <NumberInput integer={INTEGER.has(name)} aria-label={`${t(`pumps.${name}`)} ${i + 1}`} />
                </Form.Item>
              ))}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('pumps.remove', { n: i + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(f.name)}
                className={i === 0 ? 'fs-curve-first-remove' : undefined}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= PUMP_LIMITS.maxPumps}
            onClick={() =>
              add({
                pump: nextPump(form.getFieldValue('pumps') ?? []),
                kind: 'pad',
                auto: true,
                onAbove: 3,
                offAbove: 2,
                rhLimit: 85,
                runSeconds: 60,
                stopSeconds: 0,
              })
            }
          >
            {t('pumps.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
