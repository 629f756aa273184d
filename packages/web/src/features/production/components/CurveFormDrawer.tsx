import { useMemo, useState, type ReactElement } from 'react';
import { Button, Drawer, Form, Input, Select, Space, Typography } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { curveAddBody, curveUpdateBody, ErrorCodes, FLOCK_TYPE_CODES, type CurveIndicator } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import type { FarmInfo } from '../../../app/api/types';
import { zodRule } from '../../../ui/zodRule';
import { flocksApi, useCurveMutation, type CurveRow } from '../flocksApi';
import { dayRange, flockTypeLabel, indicatorLabel, indicatorUnit, INDICATOR_CODES, parseCurveValues, valuesText } from '../model/flocks';
import { DayAgeChart } from './DayAgeChart';
import { useAddEditSave } from '../../../ui/useFormSave';
import { Field, FieldRow } from '../../../ui/FormFields';

export interface CurveFormValues {
  farmId?: number;
  flockType?: number;
  indicator?: CurveIndicator;
  name?: string;
  startDay?: number | null;
  /** Comma-separated, as SPEC §3 says the values are entered. */
  values?: string;
}

/** The form's values in the shape the shared schemas read; the schema turns the text into numbers. */
export function toCurveBody(v: CurveFormValues): Record<string, unknown> {
  return {
    farmId: v.farmId,
    flockType: v.flockType,
    indicator: v.indicator,
    name: v.name?.trim(),
    startDay: v.startDay ?? 0,
    values: v.values ?? '',
  };
}

function initialValues(row: CurveRow | null, farmId: number | undefined): CurveFormValues {
  if (!row) return { farmId, startDay: 0, values: '' };
  return {
    farmId: row.farmId,
    flockType: row.flockType,
    indicator: row.indicator,
    name: row.name,
    startDay: row.startDay,
    values: valuesText(row.values),
  };
}

/**
 * Add or edit a standard curve: one per farm, flock type and indicator (20064 is written under
 * the indicator). The values are typed as a comma-separated list, value i being the figure at day
 * age start + i; the preview draws them by day age and counts them as the user types, and the
 * shared schema reports a list that is not all numbers under the field.
 */
export function CurveFormDrawer({
  row,
  farmId,
  farms,
  onClose,
}: {
  row: CurveRow | null;
  farmId?: number;
  farms: FarmInfo[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['flocks', 'common']);
  const [form] = Form.useForm<CurveFormValues>();
  const adding = row === null;
  const [initial] = useState(() => initialValues(row, farmId));
  const add = useCurveMutation(flocksApi.addCurve);
  const update = useCurveMutation(flocksApi.updateCurve);
  const text = Form.useWatch('values', form) ?? initial.values;
  const startDay = Form.useWatch('startDay', form) ?? initial.startDay ?? 0;
  const indicator = Form.useWatch('indicator', form) ?? initial.indicator;
  const parsed = useMemo(() => parseCurveValues(text), [text]);
  const start = typeof startDay === 'number' && Number.isInteger(startDay) && startDay >= 0 ? startDay : 0;

  const schema = adding ? curveAddBody : curveUpdateBody;
  const withId = (v: CurveFormValues): Record<string, unknown> => (adding ? toCurveBody(v) : { ...toCurveBody(v), id: row.id });
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(schema, field, (v) => withId(v as CurveFormValues));

  // The values are checked on their own: the schema's union hides the text branch's message (model.ts).
  const valuesRule = {
    validator: async (_: unknown, value: string | undefined): Promise<void> => {
      const p = parseCurveValues(value);
      if (p.ok === null) throw new Error(tk('validation.required'));
      if (p.ok === false) throw new Error(p.message);
    },
  };

  const { busy, submit } = useAddEditSave(form, {
    body: (v: CurveFormValues) => schema.parse(withId(v)),
    add: (body) => add.mutateAsync(body),
    edit: adding ? null : (body) => update.mutateAsync(body),
    added: (body) => t('curves.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.STANDARD_CURVE_DUPLICATE]: 'indicator' },
  });

  const range = parsed.ok ? dayRange(start, parsed.values.length) : null;
  return (
    <Drawer
      open
      onClose={onClose}
      size={640}
      destroyOnHidden
      maskClosable={false}
      title={adding ? t('curves.addTitle') : t('curves.editTitle', { name: row.name })}
      footer={
        <Space className="fs-drawer-footer">
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="curve" preserve={false} initialValues={initial}>
        <FieldRow>
          <Field name="farmId" label={t('fields.farm')} rule={rule} required>
            <Select options={farms.map((f) => ({ value: f.id, label: f.farmName }))} placeholder={t('common:select')} />
          </Field>
          <Field name="flockType" label={t('fields.flockType')} rule={rule} required>
            <Select options={FLOCK_TYPE_CODES.map((c) => ({ value: c, label: flockTypeLabel(c) }))} placeholder={t('common:select')} />
          </Field>
        </FieldRow>
        <FieldRow>
          <Field name="indicator" label={t('fields.indicator')} rule={rule} required>
            <Select options={INDICATOR_CODES.map((c) => ({ value: c, label: indicatorLabel(c) }))} placeholder={t('common:select')} />
          </Field>
          <Field name="name" label={t('fields.name')} rule={rule} required />
        </FieldRow>
        <Field name="startDay" label={t('fields.startDay')} rule={rule} required extra={t('curves.startDayHint')}>
          <NumberInput integer className="fs-input-number" />
        </Field>
        <Form.Item name="values" label={t('fields.values')} required rules={[valuesRule]} extra={t('curves.valuesHint')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} spellCheck={false} placeholder="44, 62, 80, 99" />
        </Form.Item>
      </Form>
      <div className="fs-curve-preview" aria-live="polite">
        <Typography.Text strong>{t('curves.preview')}</Typography.Text>{' '}
        <Typography.Text type="secondary" data-testid="curve-count">
          {parsed.ok && range ? t('curves.count', { count: parsed.values.length, from: range[0], to: range[1] }) : t('curves.noPreview')}
        </Typography.Text>
        {parsed.ok && (
          <DayAgeChart
            series={[
              {
                id: 'preview',
                name: indicator ? indicatorLabel(indicator) : t('curves.preview'),
                points: parsed.values.map((v, i) => [start + i, v] as const),
              },
            ]}
            unit={indicator ? indicatorUnit(indicator) : ''}
            ariaLabel={t('curves.preview')}
            height={200}
            testId="curve-preview"
          />
        )}
      </div>
    </Drawer>
  );
}
