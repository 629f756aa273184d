import { useState, type ReactElement } from 'react';
import { Drawer, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, PIG_PEN_FEEDING_TYPES, standardAddBody, type StandardRow } from '@farmsense/shared';
import { DrawerFooter } from '../../../ui/DrawerFooter';
import { enumLabel } from '../../../ui/enumLabel';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditSave } from '../../../ui/useFormSave';
import { useAddStandard, useUpdateStandard } from '../api';
import { initialStandardValues, standardBody, standardRule, type StandardValues } from '../model/standardForm';
import { StandardAdjustmentsEditor, StandardAgesEditor } from './StandardRowsEditor';
import '../standards.css';

const rule = (field: string): ReturnType<typeof standardRule> => standardRule([field]);

/**
 * Add or edit a feeding standard: its name (unique in the tenant: 10010 shows under it), pen
 * feeding type, breed and excess ratio, its age rows and its adjustments, every field checked by
 * the shared rules as it is typed.
 */
export function StandardFormDrawer({ row, onClose }: { row: StandardRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<StandardValues>();
  const [initial] = useState(() => initialStandardValues(row));
  const add = useAddStandard();
  const update = useUpdateStandard();

  const { busy, submit } = useAddEditSave(form, {
    body: (v: StandardValues) => standardAddBody.parse(standardBody(v)),
    add: (body) => add.mutateAsync(body),
    edit: row && ((body) => update.mutateAsync({ ...body, id: row.id })),
    added: (body) => t('standard.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.NAME_EXISTS]: 'name' },
  });

  return (
    <Drawer
      open
      title={row ? t('standard.editTitle', { name: row.name }) : t('standard.addTitle')}
      onClose={onClose}
      size={880}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" name="feedingStandard" initialValues={initial}>
        <FieldRow>
          <Field name="name" label={t('standard.fields.name')} rule={rule} required />
          <Field name="penFeedingType" label={t('standard.fields.penFeedingType')} rule={rule} required>
            <Select
              placeholder={t('common:select')}
              options={PIG_PEN_FEEDING_TYPES.map((v) => ({ value: v, label: enumLabel('pigPenFeedingType', v) }))}
            />
          </Field>
        </FieldRow>
        <FieldRow spans={[16, 8]}>
          <Field name="breed" label={t('standard.fields.breed')} rule={rule} required />
          <Field name="excessRatio" label={t('standard.fields.excessRatio')} rule={rule} required extra={t('standard.excessHint')}>
            <NumberInput suffix="%" />
          </Field>
        </FieldRow>
        <Typography.Title level={5}>{t('standard.ages')}</Typography.Title>
        <p className="fs-muted">{t('standard.agesHint')}</p>
        <StandardAgesEditor />
        <Typography.Title level={5}>{t('standard.adjustments')}</Typography.Title>
        <p className="fs-muted">{t('standard.adjustmentsHint')}</p>
        <StandardAdjustmentsEditor />
        <Form.Item name="remark" label={t('standard.fields.remark')} rules={[rule('remark')]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <DrawerFooter onCancel={onClose} onSave={() => void submit()} busy={busy} />
      </Form>
    </Drawer>
  );
}
