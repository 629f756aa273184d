import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** The link column of a feeding device list (the devices page, the remote pages): online in green, else offline. */
export function onlineColumn<Row extends { online: boolean }>(t: TFunction, width = 100): ColumnType<Row> {
  return {
    key: 'online',
    title: t('feedDevices.fields.online'),
    width,
    render: (_, r) => <Tag color={r.online ? 'green' : 'default'}>{t(r.online ? 'feedDevices.online' : 'feedDevices.offline')}</Tag>,
  };
}
