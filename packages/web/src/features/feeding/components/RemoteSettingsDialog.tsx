import type { ReactElement } from 'react';
import { Form, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { feederParamsPayload, PARITIES, serialPayload, type FeederParamsPayload, type SerialPayload } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { zodRule } from '../../../ui/zodRule';
import { SERIAL_CHOICES } from '../model/serial';

const PARAMS = ['brightness', 'lockSeconds', 'baitWeight', 'tempLow', 'tempHigh', 'intervalMinutes', 'amountPerFeed'] as const;

export type RemoteSettings = { kind: 'params'; values: FeederParamsPayload } | { kind: 'serial'; values: SerialPayload };

/**
 * The values a remote write sends: a feeder's parameters or a concentrator's bus settings, checked
 * as typed with the server's own schema (shared feeding/remote-endpoints.ts); OK hands them on to
 * the code dialog.
 */
export function RemoteSettingsDialog({
  open,
  kind,
  title,
  initial,
  onClose,
  onDone,
}: {
  open: boolean;
  kind: RemoteSettings['kind'];
  title: string;
  initial: Record<string, unknown>;
  onClose: () => void;
  onDone: (s: RemoteSettings) => void;
}): ReactElement {
  const { t } = useTranslation('feeding');
  const [form] = Form.useForm<Record<string, unknown>>();
  const schema = kind === 'params' ? feederParamsPayload : serialPayload;
  const label = (k: string) => t(`feedDevices.fields.${k}`);
  const submit = async (): Promise<void> => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (kind === 'params') {
      const r = feederParamsPayload.safeParse(values);
      if (r.success) onDone({ kind, values: r.data });
    } else {
      const r = serialPayload.safeParse(values);
      if (r.success) onDone({ kind, values: r.data });
    }
  };
  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => void submit()} okText={t('remote.next')} destroyOnHidden>
      <Form form={form} name={`remote-${kind}`} layout="vertical" preserve={false} initialValues={initial}>
        {kind === 'params' ? (
          <>
            {PARAMS.map((k) => (
              <Form.Item key={k} name={k} label={label(k)} rules={[zodRule(schema, k)]} dependencies={k === 'tempHigh' ? ['tempLow'] : []}>
                <NumberInput integer aria-label={label(k)} />
              </Form.Item>
            ))}
            <Form.Item name="touchLock" label={label('touchLock')} valuePropName="checked">
              <Switch aria-label={label('touchLock')} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="baudRate" label={label('baudRate')} rules={[zodRule(schema, 'baudRate')]}>
              <Select aria-label={label('baudRate')} options={SERIAL_CHOICES.baudRate} />
            </Form.Item>
            <Form.Item name="dataBits" label={label('dataBits')} rules={[zodRule(schema, 'dataBits')]}>
              <Select aria-label={label('dataBits')} options={SERIAL_CHOICES.dataBits} />
            </Form.Item>
            <Form.Item name="stopBits" label={label('stopBits')} rules={[zodRule(schema, 'stopBits')]}>
              <Select aria-label={label('stopBits')} options={SERIAL_CHOICES.stopBits} />
            </Form.Item>
            <Form.Item name="parity" label={label('parity')} rules={[zodRule(schema, 'parity')]}>
              <Select aria-label={label('parity')} options={PARITIES.map((p) => ({ value: p, label: t(`remote.parities.${p}`) }))} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
