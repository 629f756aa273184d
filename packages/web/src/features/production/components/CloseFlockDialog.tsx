import type { ReactElement } from 'react';
import { Alert, DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { flockCloseBody, type FlockRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { zodRule } from '../../../ui/zodRule';
import { productionApi, useProductionMutation } from '../api';
import { reportProductionError } from '../model/errors';
import { DAY, toDay } from '../model/kinds';
import { useFormSave } from '../../../ui/useFormSave';
import { useFarmToday } from './useFarmToday';
import { FormDialog } from '../../../ui/FormDialog';

/**
 * Closing a flock (depletion): the stop date, between placement and today (the server also refuses
 * a day before the flock's last record), then the flock moves to the history list. The dialog says
 * so before the user confirms.
 */
export function CloseFlockDialog({ row, onClose }: { row: FlockRow; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['production', 'records', 'common']);
  const [form] = Form.useForm<{ stopDate: Dayjs | null }>();
  const { todayDay } = useFarmToday(row.farmId);
  const close = useProductionMutation(productionApi.closeFlock);
  const toBody = (v: Record<string, unknown>): Record<string, unknown> => ({ id: row.id, stopDate: toDay(v.stopDate as Dayjs | null) });

  const save = useFormSave(
    form,
    async (v: { stopDate: Dayjs | null }): Promise<void> => {
      await close.mutateAsync(flockCloseBody.parse(toBody(v)));
      toast.success(t('close.done', { groupNo: row.groupNo }));
      onClose();
    },
    (err) => {
      // 20070 (already closed) and a stop date before the last record are told on the date.
      reportProductionError(form, err, 'flock');
    },
  );

  return (
    <FormDialog
      title={t('close.title', { groupNo: row.groupNo })}
      okText={t('close.confirm')}
      okButtonProps={{ danger: true, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      save={save}
      onClose={onClose}
    >
      <Alert type="warning" showIcon title={t('close.content', { groupNo: row.groupNo, shed: row.shedName })} className="fs-prod-alert" />
      <Form form={form} layout="vertical" name="closeFlock" initialValues={{ stopDate: todayDay }}>
        <Form.Item name="stopDate" label={t('records:flock.stopDate')} required rules={[zodRule(flockCloseBody, 'stopDate', toBody)]}>
          <DatePicker
            size="large"
            className="fs-prod-wide"
            format={DAY}
            disabledDate={(d) => d.isAfter(todayDay, 'day') || d.isBefore(dayjs(row.startDate, DAY), 'day')}
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
