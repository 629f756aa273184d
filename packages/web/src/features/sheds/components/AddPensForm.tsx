import { useState, type ReactElement } from 'react';
import { Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addFieldsForm, ErrorCodes, PEN_BATCH_MAX } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { zodRule } from '../../../ui/zodRule';
import { reportSaveError } from '../../../ui/formErrors';
import { useAddPens } from '../api';
import { NumberInput } from '../../../ui/NumberInput';

export interface AddPensValues {
  startColumn: number | null;
  endColumn: number | null;
  row: number | null;
}

/**
 * "Add pens": pens startColumn..endColumn in one row. The range rule of SPEC §5 (start not above
 * end, both above 0, at most PEN_BATCH_MAX at once) is the shared schema's; the server answers
 * 20043 for a bad range and 20040 when a number exists, shown under the range.
 */
export function AddPensForm({ shedId }: { shedId: number }): ReactElement {
  const { t } = useTranslation(['sheds', 'common']);
  const [form] = Form.useForm<AddPensValues>();
  const add = useAddPens();
  const [busy, setBusy] = useState(false);
  const toBody = (v: Record<string, unknown>): unknown => ({ ...v, shedId, row: v.row ?? 0 });
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(addFieldsForm, field, toBody);

  const submit = async (v: AddPensValues): Promise<void> => {
    setBusy(true);
    try {
      const res = await add.mutateAsync({ shedId, startColumn: v.startColumn!, endColumn: v.endColumn!, row: v.row ?? 0 });
      toast.success(t('pens.added', { count: res.ids.length }));
      form.resetFields();
    } catch (err) {
      reportSaveError(form, err, {
        [ErrorCodes.PEN_BOUNDS_INVALID]: 'endColumn',
        [ErrorCodes.PEN_NUMBER_EXISTS]: ['startColumn', 'endColumn'],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name={`add-pens-${shedId}`}
      className="fs-add-pens"
      initialValues={{ startColumn: null, endColumn: null, row: 1 }}
      onFinish={(v) => void submit(v)}
      aria-label={t('pens.addTitle')}
    >
      <div className="fs-add-pens__fields">
        <Form.Item name="startColumn" label={t('pens.startColumn')} required rules={[rule('startColumn')]}>
          <NumberInput integer />
        </Form.Item>
        <Form.Item name="endColumn" label={t('pens.endColumn')} required dependencies={['startColumn']} rules={[rule('endColumn')]}>
          <NumberInput integer />
        </Form.Item>
        <Form.Item name="row" label={t('pens.row')} rules={[rule('row')]}>
          <NumberInput integer />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy}>
            {t('pens.add')}
          </Button>
        </Form.Item>
      </div>
      <div className="fs-muted fs-add-pens__hint">{t('pens.rangeHint', { max: PEN_BATCH_MAX })}</div>
    </Form>
  );
}
