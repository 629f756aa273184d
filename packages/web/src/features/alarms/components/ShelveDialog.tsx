import type { ReactElement } from 'react';
import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { SHELVE_MAX_DAYS, type AlarmRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { tk } from '../../../app/i18n/i18n';
import { FormDialog } from '../../../ui/FormDialog';
import { useFormSave } from '../../../ui/useFormSave';
import { useAlarmWrites } from '../api';

/**
 * Shelve one alarm (maintenance) until a moment in the next 30 days: it stays in the records but
 * leaves the bell until then. The picker offers only those moments; the server checks them again.
 */
export function ShelveDialog({ row, onClose }: { row: AlarmRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<{ until: Dayjs }>();
  const { shelve } = useAlarmWrites();
  const save = useFormSave(
    form,
    async ({ until }) => {
      if (!row) return;
      await shelve.mutateAsync({ id: row.id, until: until.valueOf() });
      toast.success(t('records.shelved'));
      onClose();
    },
    () => undefined,
  );
  const outOfReach = (d: Dayjs): boolean => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(SHELVE_MAX_DAYS, 'day'), 'day');
  return (
    <FormDialog
      open={row !== null}
      title={t('records.shelveTitle', { rule: row?.ruleName ?? '' })}
      okText={t('records.actions.shelve')}
      save={save}
      onClose={onClose}
      formProps={{ form, name: 'alarm-shelve', initialValues: { until: dayjs().add(1, 'day') } }}
    >
      <Form.Item
        name="until"
        label={t('records.until')}
        rules={[
          { required: true, message: tk('validation.required') },
          {
            validator: async (_, v: Dayjs | undefined) => {
              if (v && (v.isBefore(dayjs()) || v.isAfter(dayjs().add(SHELVE_MAX_DAYS, 'day')))) throw new Error(tk('validation.invalid'));
            },
          },
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={outOfReach} allowClear={false} />
      </Form.Item>
    </FormDialog>
  );
}
