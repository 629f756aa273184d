import { useState, type ReactElement } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONNECTION_MODES, ErrorCodes, isIpAddress, isServerPort, networkAddBody, type NetworkRow } from '@farmsense/shared';
import { codeRule, zodRule } from '../../../ui/zodRule';
import { devicesApi, useDeviceMutation } from '../api';
import { FormDialog } from '../../../ui/FormDialog';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { useFarms } from '../../../app/auth/queries';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';

interface NetworkFormValues {
  name: string;
  ip: string;
  serverPort?: number;
  connectionMode?: string;
  farmId?: number;
}

/** Add or edit a network device: IPv4/IPv6 (200324), port 1-65535 (200325), IP unique in the tenant (200326). */
export function NetworkFormDialog({ row, onClose }: { row: NetworkRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<NetworkFormValues>();
  const adding = row === null;
  const farms = useFarms();
  const add = useDeviceMutation(devicesApi.networkAdd);
  const update = useDeviceMutation(devicesApi.networkUpdate);
  const [initial] = useState<NetworkFormValues>(() =>
    row
      ? { name: row.name, ip: row.ip, serverPort: row.serverPort, connectionMode: row.connectionMode, farmId: row.farmId }
      : { name: '', ip: '', connectionMode: 'tcpClient' },
  );
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(networkAddBody, field);

  const dialog = useAddEditDialog(form, {
    title: adding ? t('network.addTitle') : t('network.editTitle', { name: row.name }),
    name: 'network',
    initialValues: initial,
    body: (v: NetworkFormValues) => networkAddBody.parse({ ...v, name: v.name.trim(), ip: v.ip.trim() }),
    add: (body) => add.mutateAsync(body),
    edit: row && ((body) => update.mutateAsync({ ...body, id: row.id })),
    added: (body) => t('network.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.IP_EXISTS]: 'ip', [ErrorCodes.INVALID_IP]: 'ip', [ErrorCodes.PORT_NOT_POSITIVE]: 'serverPort' },
  });

  return (
    <FormDialog {...dialog}>
      <Field name="name" label={t('network.name')} rule={rule} required />
      <FieldRow spans={[15, 9]}>
        <Form.Item
          name="ip"
          label={t('network.ip')}
          required
          rules={[rule('ip'), codeRule(ErrorCodes.INVALID_IP, (v?: string) => !v?.trim() || isIpAddress(v.trim()))]}
        >
          <Input maxLength={45} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="serverPort"
          label={t('network.serverPort')}
          required
          rules={[rule('serverPort'), codeRule(ErrorCodes.PORT_NOT_POSITIVE, (v: unknown) => v == null || isServerPort(v))]}
        >
          <NumberInput integer style={{ width: '100%' }} />
        </Form.Item>
      </FieldRow>
      <FieldRow>
        <Field name="connectionMode" label={t('network.connectionMode')} rule={rule} required>
          <Select options={CONNECTION_MODES.map((m) => ({ value: m, label: t(`network.modes.${m}`) }))} />
        </Field>
        <Field name="farmId" label={t('fields.farm')} rule={rule} required>
          <Select placeholder={t('common:select')} options={farms.map((f) => ({ value: f.id, label: f.farmName }))} />
        </Field>
      </FieldRow>
    </FormDialog>
  );
}
