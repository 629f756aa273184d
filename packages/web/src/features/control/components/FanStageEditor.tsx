import type { ReactElement } from 'react';
import { Button, Form, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FAN_STAGE_LIMITS, fixedWindPayload } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { listFieldRule } from './listRule';

const FIELDS = ['fan', 'onAbove', 'offAbove', 'runSeconds', 'stopSeconds'] as const;
const INTEGER = new Set<string>(['fan', 'runSeconds', 'stopSeconds']);

/** A new last stage: the next fan, on 1 °C after the last stage. */
function nextStage(rows: readonly { fan?: number | null; onAbove?: number | null }[]) {
  const last = rows.at(-1);
  const fan = Math.min(FAN_STAGE_LIMITS.maxFan, (last?.fan ?? 1) + 1);
  const onAbove = Math.min(FAN_STAGE_LIMITS.maxOnAbove, (last?.onAbove ?? 0) + 1);
  return { fan, onAbove, offAbove: onAbove - 0.5, runSeconds: 60, stopSeconds: 0 };
}

/** The fixed-speed fan stages of a house: fan, on and off points over the set point, run and rest seconds. */
export function FanStageEditor(): ReactElement {
  const { t } = useTranslation('control');
  const form = Form.useFormInstance();
  return (
    <Form.List name="stages">
      {(fields, { add, remove }) => (
        <div className="fs-curve-rows" role="table" aria-label={t('fixedWind.list')}>
          <p className="fs-dialog-note">{t('fixedWind.hint')}</p>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap role="row" data-testid={`stage-row-${i}`}>
              {FIELDS.map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={i === 0 ? t(`fixedWind.${name}`) : undefined}
                  required
                  rules={[listFieldRule(fixedWindPayload, 'stages', f.name, name)]}
                  dependencies={name === 'offAbove' ? [['stages', f.name, 'onAbove']] : undefined}
                >
                  <NumberInput integer={INTEGER.has(name)} aria-label={`${t(`fixedWind.${name}`)} ${i + 1}`} />
                </Form.Item>
              ))}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('fixedWind.remove', { n: i + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(f.name)}
                className={i === 0 ? 'fs-curve-first-remove' : undefined}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= FAN_STAGE_LIMITS.maxStages}
            onClick={() => add(nextStage(form.getFieldValue('stages') ?? []))}
          >
            {t('fixedWind.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
