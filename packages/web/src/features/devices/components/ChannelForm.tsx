import type { ReactElement } from 'react';
import { Button, Form, Input, Select, Space, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_KINDS,
  channelItem,
  channelKindOf,
  CLIMATE_SUB_DEVICES,
  CURTAIN_TYPE_VALUES,
  FAN_TYPE_VALUES,
  HEAT_TYPE_VALUES,
  INPUT_MAX_LENGTH,
  type ChannelItem,
} from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';

export interface ChannelFormValues {
  channels: Partial<ChannelItem>[];
}

/** Every CONTRACT §4 value key a channel may name, in catalogue order (`temp.1` … `mist.16`). */
export const CHANNEL_KEYS: string[] = Object.entries(CHANNEL_KINDS).flatMap(([kind, n]) =>
  Array.from({ length: n }, (_, i) => `${kind}.${i + 1}`),
);

/** Which type field a key carries: fans a fan type, curtains a curtain type, heaters a heating type. */
export function typeFieldOf(key: string | undefined): 'fanType' | 'curtainType' | 'heatType' | null {
  const kind = channelKindOf(key ?? '');
  if (kind === 'fan') return 'fanType';
  if (kind === 'curtain') return 'curtainType';
  if (kind === 'heater') return 'heatType';
  return null;
}

const TYPE_OPTIONS = {
  fanType: { values: FAN_TYPE_VALUES, enumName: 'fanType' },
  curtainType: { values: CURTAIN_TYPE_VALUES, enumName: 'curtainType' },
  heatType: { values: HEAT_TYPE_VALUES, enumName: 'heatCoolType' },
} as const;

/** The saved shape of the rows: only the type field that belongs to the key, blank names left out. */
export function toChannels(rows: Partial<ChannelItem>[]): ChannelItem[] {
  return rows.map((r) => {
    const field = typeFieldOf(r.key);
    const name = r.name?.trim();
    return {
      key: r.key ?? '',
      subDevice: r.subDevice as number,
      name: name ? name : undefined,
      ...(field && r[field] != null ? { [field]: r[field] } : {}),
    };
  });
}

/** The form rule of one row field, from the shared channel schema; a key used twice is refused here too. */
function rowRule(form: FormInstance<ChannelFormValues>, index: number, field: keyof ChannelItem) {
  return {
    validator: async (): Promise<void> => {
      const rows = (form.getFieldValue('channels') as Partial<ChannelItem>[] | undefined) ?? [];
      const row = toChannels([rows[index] ?? {}])[0];
      const result = channelItem.safeParse(row);
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(tk(issue.message));
      if (field === 'key' && row?.key && rows.some((r, i) => i !== index && r.key === row.key))
        throw new Error(tk('devices.channels.duplicateKey'));
    },
  };
}

/**
 * The channel rows of one gateway: value key, climate sub-device (1-17), an optional name and,
 * for fan, curtain and heater keys, their type. Rows are added and removed freely; the whole set is
 * saved at once.
 */
export function ChannelForm({ form, initial }: { form: FormInstance<ChannelFormValues>; initial: ChannelFormValues }): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const rows = Form.useWatch('channels', form) ?? initial.channels;
  return (
    <Form form={form} layout="vertical" name="channels" initialValues={initial}>
      <Form.List name="channels">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <Typography.Text type="secondary">{t('channels.empty')}</Typography.Text>}
            {fields.map((f, index) => {
              const typeField = typeFieldOf(rows?.[index]?.key);
              const n = index + 1;
              return (
                <Space key={f.key} align="start" wrap data-testid="channel-row">
                  <Form.Item name={[f.name, 'key']} label={t('channels.key')} rules={[rowRule(form, index, 'key')]}>
                    <Select
                      aria-label={t('channels.keyOf', { n })}
                      showSearch
                      style={{ width: 130 }}
                      options={CHANNEL_KEYS.map((k) => ({ value: k, label: k }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'subDevice']} label={t('channels.subDevice')} rules={[rowRule(form, index, 'subDevice')]}>
                    <Select
                      aria-label={t('channels.subDeviceOf', { n })}
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ width: 200 }}
                      options={CLIMATE_SUB_DEVICES.map((v) => ({ value: v, label: enumLabel('climateSubDevice', v) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'name']} label={t('channels.name')} rules={[rowRule(form, index, 'name')]}>
                    <Input aria-label={t('channels.nameOf', { n })} maxLength={INPUT_MAX_LENGTH} style={{ width: 160 }} />
                  </Form.Item>
                  {typeField && (
                    <Form.Item name={[f.name, typeField]} label={t(`channels.${typeField}`)}>
                      <Select
                        aria-label={t(`channels.${typeField}Of`, { n })}
                        allowClear
                        style={{ width: 160 }}
                        options={TYPE_OPTIONS[typeField].values.map((v) => ({
                          value: v,
                          label: enumLabel(TYPE_OPTIONS[typeField].enumName, v),
                        }))}
                      />
                    </Form.Item>
                  )}
                  <Form.Item label=" ">
                    <Button danger icon={<DeleteOutlined />} aria-label={t('channels.removeOf', { n })} onClick={() => remove(f.name)} />
                  </Form.Item>
                </Space>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => add({})} block type="dashed">
              {t('channels.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Form>
  );
}
