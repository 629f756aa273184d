import type { ReactElement } from 'react';
import { Col, Form, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, renderLabel, shedAddBody, shedLabel, shedUpdateBody, type ShedOverviewRow } from '@farmsense/shared';
import { translateKnown } from '../../../ui/enumLabel';
import { zodRules } from '../../../ui/zodRule';
import { useAddShed, useUpdateShed } from '../api';
import { shedTypeOptions } from './shedTypes';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';

export interface ShedFormValues {
  shedName: string;
  shedType?: number;
  areaNum: number;
  buildingNum: number;
  shedNum: number;
}

const NUMBERS = ['areaNum', 'buildingNum', 'shedNum'] as const;

/**
 * Add or edit a shed (house) of a farm: name, a type of the farm's kind, and its area, building
 * and shed numbers, with the SPEC §3 label it will show as ("1-2-3 (Broiler)", or the empty-shed
 * label when all numbers are 0). The same place and type twice in a farm is refused (20026).
 */
export function ShedFormDialog({
  farm,
  shed,
  onClose,
}: {
  farm: { id: number; type: number; farmName: string };
  shed: ShedOverviewRow | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['sheds', 'common']);
  const [form] = Form.useForm<ShedFormValues>();
  const adding = shed === null;
  const add = useAddShed();
  const update = useUpdateShed();
  const values = Form.useWatch([], form) as Partial<ShedFormValues> | undefined;
  const preview = renderLabel(
    shedLabel({
      areaNum: values?.areaNum ?? 0,
      buildingNum: values?.buildingNum ?? 0,
      shedNum: values?.shedNum ?? 0,
      shedType: values?.shedType,
    }),
    translateKnown,
  );
  const rule = adding ? zodRules(shedAddBody, { farmId: farm.id }) : zodRules(shedUpdateBody, { id: shed.tid });

  const dialog = useAddEditDialog(form, {
    title: adding ? t('form.addTitle', { farm: farm.farmName }) : t('form.editTitle', { name: shed.shedName }),
    name: 'shed',
    initialValues: shed
      ? {
          shedName: shed.shedName,
          shedType: shed.shedType,
          areaNum: shed.areaNum,
          buildingNum: shed.buildingNum,
          shedNum: shed.shedNum,
        }
      : { shedName: '', areaNum: 0, buildingNum: 0, shedNum: 0 },
    body: (v: ShedFormValues) => ({
      shedName: v.shedName.trim(),
      shedType: v.shedType!,
      areaNum: v.areaNum,
      buildingNum: v.buildingNum,
      shedNum: v.shedNum,
    }),
    add: (body) => add.mutateAsync({ ...body, farmId: farm.id }),
    edit: shed && ((body) => update.mutateAsync({ ...body, id: shed.tid })),
    added: (body) => t('form.added', { name: body.shedName }),
    onClose,
    fields: { [ErrorCodes.DUPLICATE_HOUSE]: [...NUMBERS], [ErrorCodes.PEN_TYPE_ERROR]: 'shedType' },
  });

  return (
    <FormDialog {...dialog} width={620}>
      <FieldRow spans={[13, 11]}>
        <Field name="shedName" label={t('fields.shedName')} rule={rule} required />
        <Field name="shedType" label={t('fields.shedType')} rule={rule} required>
          <Select placeholder={t('common:select')} options={shedTypeOptions(farm.type)} showSearch={{ optionFilterProp: 'label' }} />
        </Field>
      </FieldRow>
      <Row gutter={16}>
        {NUMBERS.map((n) => (
          <Col xs={8} key={n}>
            <Form.Item name={n} label={t(`fields.${n}`)} required rules={[rule(n)]}>
              <NumberInput integer />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <div className="fs-shed-preview" aria-live="polite">
        <Typography.Text type="secondary">{t('form.preview')}</Typography.Text>{' '}
        <Typography.Text strong data-testid="shed-preview">
          {preview}
        </Typography.Text>
        <div className="fs-muted fs-shed-preview__hint">{t('form.numbersHint')}</div>
      </div>
    </FormDialog>
  );
}
