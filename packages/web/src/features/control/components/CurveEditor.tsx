import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURVE_LIMITS, tempDayAgePayload } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { tk } from '../../../app/i18n/i18n';
import { zodRule } from '../../../ui/zodRule';
import { EditableRows } from './EditableRows';

const FIELDS = ['day', 'target', 'heatOffset', 'coolOffset', 'tunnelOffset'] as const;
type Point = Record<(typeof FIELDS)[number], number>;
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
  return (
    <>
      <EditableRows<Point>
        name="points"
        rules={[{ validator: async (_r, points: unknown) => checkPoints(points) }]}
        label={t('curve.points')}
        rowId="curve"
        max={CURVE_LIMITS.maxPoints}
        newRow={(rows) => ({ day: nextDay(rows), target: 20, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 })}
        removeLabel={(n) => t('curve.removePoint', { n })}
        addLabel={t('curve.addPoint')}
      >
        {(f, i) =>
          FIELDS.map((name) => (
            <Form.Item key={name} name={[f.name, name]} label={i === 0 ? t(`curve.fields.${name}`) : undefined} required>
              <NumberInput integer={name === 'day'} aria-label={`${t(`curve.fields.${name}`)} ${i + 1}`} />
            </Form.Item>
          ))
        }
      </EditableRows>
      <Form.Item name="rhTarget" label={t('curve.fields.rhTarget')} required rules={[rule('rhTarget')]}>
        <NumberInput aria-label={t('curve.fields.rhTarget')} />
      </Form.Item>
    </>
  );
}
