import type { ReactElement } from 'react';
import { Button, Form, Select, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_WIND_LIMITS, dynamicWindPayload, MIN_VENT_MODES, type MinVentMode } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { NumberInput } from '../../../ui/NumberInput';
import { zodRule } from '../../../ui/zodRule';
import { listFieldRule } from './listRule';

const rule = (field: string) => zodRule(dynamicWindPayload, field);

/** The list's own problem (empty for the chosen mode), in words; its rows' problems show under their fields. */
const listRule = (list: MinVentMode, form: FormInstance) => ({
  validator: async (): Promise<void> => {
    const r = dynamicWindPayload.safeParse(form.getFieldsValue(true));
    const issue = r.error?.issues.find((i) => i.path.length === 1 && i.path[0] === list);
    if (issue) throw new Error(tk(issue.message));
  },
});

/** The points of one way of reading the minimum ventilation: by day age (day, %) or by CO2 (ppm, %). */
function MinVentList({ list }: { list: MinVentMode }): ReactElement {
  const { t } = useTranslation('control');
  const form = Form.useFormInstance();
  const key = list === 'dayAge' ? 'day' : 'ppm';
  const next = (rows: readonly Record<string, number | null | undefined>[]) => {
    const last = rows.at(-1);
    if (list === 'dayAge') return { day: Math.min(DYNAMIC_WIND_LIMITS.maxDay, (last?.day ?? -7) + 7), percent: last?.percent ?? 10 };
    return { ppm: Math.min(DYNAMIC_WIND_LIMITS.maxPpm, (last?.ppm ?? 1500) + 500), percent: last?.percent ?? 10 };
  };
  return (
    <Form.List name={list} rules={[listRule(list, form)]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="fs-curve-rows" role="table" aria-label={t(`dynamicWind.${list === 'dayAge' ? 'dayList' : 'co2List'}`)}>
          <h4>{t(`dynamicWind.${list === 'dayAge' ? 'dayList' : 'co2List'}`)}</h4>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap role="row" data-testid={`${list}-row-${i}`}>
              {[key, 'percent'].map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={i === 0 ? t(`dynamicWind.${name}`) : undefined}
                  required
                  rules={[listFieldRule(dynamicWindPayload, list, f.name, name)]}
                >
                  <NumberInput
                    integer={name !== 'percent'}
                    aria-label={`${t(`dynamicWind.modes.${list}`)}: ${t(`dynamicWind.${name}`)} ${i + 1}`}
                  />
                </Form.Item>
              ))}
              <Button
                icon={<DeleteOutlined />}
                aria-label={`${t(`dynamicWind.modes.${list}`)}: ${t('dynamicWind.remove', { n: i + 1 })}`}
                onClick={() => remove(f.name)}
                className={i === 0 ? 'fs-curve-first-remove' : undefined}
              />
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= DYNAMIC_WIND_LIMITS.maxPoints}
            onClick={() => add(next(form.getFieldValue(list) ?? []))}
          >
            {t('dynamicWind.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/**
 * The variable-speed fans of a house: their speed range (min and max %), how the minimum
 * ventilation is read (by day age or by CO2) and the points of both lists, checked by the shared
 * rules as the server checks them.
 */
export function DynamicWindEditor(): ReactElement {
  const { t } = useTranslation('control');
  return (
    <>
      <p className="fs-dialog-note">{t('dynamicWind.hint')}</p>
      <Space align="start" wrap role="group" aria-label={t('dynamicWind.speeds')}>
        {(['minSpeed', 'maxSpeed'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`dynamicWind.${name}`)}
            required
            rules={[rule(name)]}
            dependencies={name === 'maxSpeed' ? ['minSpeed'] : undefined}
          >
            <NumberInput aria-label={t(`dynamicWind.${name}`)} />
          </Form.Item>
        ))}
        <Form.Item name="mode" label={t('dynamicWind.mode')} required rules={[rule('mode')]}>
          <Select
            aria-label={t('dynamicWind.mode')}
            style={{ minWidth: 140 }}
            options={MIN_VENT_MODES.map((m) => ({ value: m, label: t(`dynamicWind.modes.${m}`) }))}
          />
        </Form.Item>
      </Space>
      <MinVentList list="dayAge" />
      <MinVentList list="co2" />
    </>
  );
}
