import type { ReactElement } from 'react';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type ControllerRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { reportSaveError } from '../../../ui/formErrors';
import { devicesApi, useDeviceMutation, useFarmSheds } from '../api';
import { useFormSave } from '../../../ui/useFormSave';

/** Binds an unbound gateway to a shed of its farm (a shed holds one controller per category: 20063). */
export function BindShedDialog({ row, onClose }: { row: ControllerRow; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<{ shedId?: number }>();
  const sheds = useFarmSheds(row.farmId ?? undefined);
  const bind = useDeviceMutation(devicesApi.bind);
  const { busy, submit } = useFormSave(
    form,
    async (v: { shedId?: number }): Promise<void> => {
      await bind.mutateAsync({ id: row.id, shedId: v.shedId! });
      toast.success(t('bind.done'));
      onClose();
    },
    (err) => {
      reportSaveError(form, err, { [ErrorCodes.HOUSE_BOUND_TO_CONTROLLER]: 'shedId' });
    },
  );
  return (
    <Modal
      open
      title={t('bind.title', { name: row.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('bind.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="bind" preserve={false}>
        <Form.Item name="shedId" label={t('fields.shed')} required rules={[{ required: true, message: t('validation:required') }]}>
          <Select
            placeholder={t('common:select')}
            loading={sheds.isFetching}
            options={sheds.data ?? []}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
