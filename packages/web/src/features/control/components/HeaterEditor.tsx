import type { ReactElement } from 'react';
import { Button, Checkbox, Form, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HEATER_LIMITS, heaterPayload } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { listFieldRule } from './listRule';

const NUMBERS = ['index', 'onBelow', 'offBelow'] as const;

/** The next heater number not in the list. */
const nextIndex = (rows: readonly { index?: number | null }[]): number => {
  const used = new Set(rows.map((r) => r.index));
  let n = 1;
  while (used.has(n) && n < HEATER_LIMITS.maxHeaters) n++;
  return n;
};

/** The heaters of a house: number, in automatic use, on and off points under the set point. */
export function HeaterEditor(): ReactElement {
  const { t } = useTranslation('control');
  const form = Form.useFormInstance();
  return (
    <Form.List name="heaters">
      {(fields, { add, remove }) => (
        <div className="fs-curve-rows" role="table" aria-label={t('heater.list')}>
          <p className="fs-dialog-note">{t('heater.hint')}</p>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap role="row" data-testid={`heater-row-${i}`}>
              {NUMBERS.map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={i === 0 ? t(`heater.${name}`) : undefined}
                  required
                  rules={[listFieldRule(heaterPayload, 'heaters', f.name, name)]}
                  dependencies={name === 'offBelow' ? [['heaters', f.name, 'onBelow']] : undefined}
                >
                  <NumberInput integer={name === 'index'} aria-label={`${t(`heater.${name}`)} ${i + 1}`} />
                </Form.Item>
              ))}
              <Form.Item name={[f.name, 'enabled']} valuePropName="checked" label={i === 0 ? t('heater.enabled') : undefined}>
                <Checkbox aria-label={`${t('heater.enabled')} ${i + 1}`} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('heater.remove', { n: i + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(f.name)}
                className={i === 0 ? 'fs-curve-first-remove' : undefined}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= HEATER_LIMITS.maxHeaters}
            onClick={() => add({ index: nextIndex(form.getFieldValue('heaters') ?? []), enabled: true, onBelow: 2, offBelow: 1 })}
          >
            {t('heater.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
