import type { ReactElement } from 'react';
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, updateFieldBody, type PenRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { zodRule } from '../../../ui/zodRule';
import { optionalText, reportSaveError } from '../../../ui/formErrors';
import { useUpdatePen } from '../api';
import { useFormSave } from '../../../ui/useFormSave';
import { FormDialog } from '../../../ui/FormDialog';
import { Field } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';

/** Renumbers or renames a pen: a number taken in the shed (20040) or a name taken (20083) shows on its field. */
export function PenFormDialog({ pen, onClose }: { pen: PenRow; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['sheds', 'common']);
  const [form] = Form.useForm<{ fieldColumn: number; field: number; name?: string }>();
  const update = useUpdatePen();
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(updateFieldBody, field, (v) => ({ ...v, id: pen.id }));

  const save = useFormSave(
    form,
    async (v: { fieldColumn: number; field: number; name?: string }): Promise<void> => {
      await update.mutateAsync({ id: pen.id, fieldColumn: v.fieldColumn, field: v.field, name: optionalText(v.name) });
      toast.success(t('common:editedSuccessfully'));
      onClose();
    },
    (err) => {
      reportSaveError(form, err, { [ErrorCodes.PEN_NUMBER_EXISTS]: ['fieldColumn', 'field'], [ErrorCodes.PEN_NAME_DUPLICATE]: 'name' });
    },
  );

  return (
    <FormDialog
      title={t('pens.editTitle')}
      width={480}
      className="fs-admin-dialog"
      save={save}
      onClose={onClose}
      formProps={{ form, name: 'pen', initialValues: { fieldColumn: pen.fieldColumn, field: pen.field, name: pen.name ?? '' } }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Field name="fieldColumn" label={t('pens.column')} rule={rule} required extra={t('pens.zeroBlank')}>
            <NumberInput integer />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="field" label={t('pens.row')} rule={rule} required>
            <NumberInput integer />
          </Field>
        </Col>
      </Row>
      <Field name="name" label={t('pens.name')} rule={rule} />
    </FormDialog>
  );
}
