import { useState, type ReactElement } from 'react';
import { Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelRow, ControllerRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { reportSaveError } from '../../../ui/formErrors';
import { useFormSave } from '../../../ui/useFormSave';
import { devicesApi, useChannels, useDeviceMutation } from '../api';
import { ChannelForm, toChannels, type ChannelFormValues } from './ChannelForm';

function toRows(list: ChannelRow[]): ChannelFormValues {
  return {
    channels: list.map((c) => ({
      key: c.key,
      subDevice: c.subDevice,
      name: c.name ?? undefined,
      fanType: c.fanType ?? undefined,
      curtainType: c.curtainType ?? undefined,
      heatType: c.heatType ?? undefined,
    })),
  };
}

function ChannelEditor({ row, list, onClose }: { row: ControllerRow; list: ChannelRow[]; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<ChannelFormValues>();
  const [initial] = useState(() => toRows(list));
  const save = useDeviceMutation(devicesApi.saveChannels);
  const { submit } = useFormSave(
    form,
    async (v: ChannelFormValues): Promise<void> => {
      await save.mutateAsync({ id: row.id, channels: toChannels(v.channels ?? []) });
      toast.success(t('common:savedSuccessfully'));
      onClose();
    },
    (err) => reportSaveError(form, err),
  );
  return (
    <>
      <ChannelForm form={form} initial={initial} />
      <Space className="fs-drawer-actions" style={{ marginTop: 16 }}>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('common:save')}
        </Button>
      </Space>
    </>
  );
}

/** The sub-device channels of one gateway, loaded fresh and saved as a whole. */
export function ChannelsDrawer({ row, onClose }: { row: ControllerRow; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['devices']);
  const channels = useChannels(row.id);
  return (
    <Drawer open title={t('channels.title', { name: row.name })} onClose={onClose} size="large" destroyOnHidden>
      {channels.data ? (
        <ChannelEditor row={row} list={channels.data} onClose={onClose} />
      ) : channels.error ? (
        <ErrorBlock title={t('channels.loadFailed')} onRetry={() => void channels.refetch()} />
      ) : (
        <LoadingBlock rows={2} />
      )}
    </Drawer>
  );
}
