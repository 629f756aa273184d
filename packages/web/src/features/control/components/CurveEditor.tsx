import type { ReactElement } from 'react';
import { Button, Form, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CURVE_LIMITS, tempDayAgePayload } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { tk } from '../../../app/i18n/i18n';
import { zodRule } from '../../../ui/zodRule';

const FIELDS = ['day', 'target', 'heatOffset', 'coolOffset', 'tunnelOffset'] as const;
const rule = (field: string) => zodRule(tempDayAgePayload, field);

/** The list's first problem (a day not after the one before, a value out of range), in words. */
async function checkPoints(points: unknown): Promise<void> {
  const r = tempDayAgePayload.shape.points.safeParse(points);
  if (r.success) return;
  const issue = r.error.issues[0]!;
  const row = typeof issue.path[0] === 'number' ? `#${issue.path[0] + 1} ` : '';
  throw new Error(`${row}${tk(issue.message)}`);
}

/** A day after the last row's (the editor adds rows at the end). */
const nextDay = (rows: readonly { day?: number | null }[]): number => Math.min(CURVE_LIMITS.maxDay, (rows.at(-1)?.day ?? 0) + 7);

/**
 * The rows of a day-age curve (up to 10: day, target, heat, cool and tunnel offsets) and the RH
 * target, checked by the shared schema (days strictly increasing, ranges) as the server checks them.
 */
export function CurveEditor(): ReactElement {
  const { t } = useTranslation('control');
  const form = Form.useFormInstance();
  return (
    <>
      <Form.List name="points" rules={[{ validator: async (_r, points: unknown) => checkPoints(points) }]}>
        {(fields, { add, remove }, { errors }) => (
          <div className="fs-curve-rows" role="table" aria-label={t('curve.points')}>
            {fields.map((f, i) => (
              <Space key={f.key} align="start" wrap role="row" data-testid={`curve-row-${i}`}>
                {FIELDS.map((name) => (
                  <Form.Item key={name} name={[f.name, name]} label={i === 0 ? t(`curve.fields.${name}`) : undefined} required>
                    <NumberInput integer={name === 'day'} aria-label={`${t(`curve.fields.${name}`)} ${i + 1}`} />
                  </Form.Item>
                ))}
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('curve.removePoint', { n: i + 1 })}
                  disabled={fields.length <= 1}
                  onClick={() => remove(f.name)}
                  className={i === 0 ? 'fs-curve-first-remove' : undefined}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= CURVE_LIMITS.maxPoints}
              onClick={() =>
                add({ day: nextDay(form.getFieldValue('points') ?? []), target: 20, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 })
              }
            >
              {t('curve.addPoint')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
      <Form.Item name="rhTarget" label={t('curve.fields.rhTarget')} required rules={[rule('rhTarget')]}>
        <NumberInput aria-label={t('curve.fields.rhTarget')} />
      </Form.Item>
    </>
  );
}
