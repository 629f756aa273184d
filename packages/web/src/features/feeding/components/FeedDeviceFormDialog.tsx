import { useState, type ReactElement } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  FEEDER_DEFAULTS,
  PARITIES,
  collectorAddBody,
  concentratorAddBody,
  feederAddBody,
  type FeedDeviceKind,
  type FeedDeviceRow,
} from '@farmsense/shared';
import { useShedOptions } from '../../../app/farm';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { optionalText } from '../../../ui/formErrors';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { SERIAL_CHOICES } from '../model/serial';
import { useFeederGateways, useParentOptions, usePlanPens, useSaveCollector, useSaveConcentrator, useSaveFeeder } from '../api';

type Values = Record<string, unknown>;
const SCHEMA = { concentrator: concentratorAddBody, collector: collectorAddBody, feeder: feederAddBody } as const;
const SERIAL = ['baudRate', 'dataBits', 'stopBits', 'parity'] as const;
const PARAMS = ['brightness', 'lockSeconds', 'touchLock', 'baitWeight', 'tempLow', 'tempHigh', 'intervalMinutes', 'amountPerFeed'] as const;

function initialValues(kind: FeedDeviceKind, d: FeedDeviceRow | null): Values {
  if (!d) return kind === 'feeder' ? { ...FEEDER_DEFAULTS } : { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none' };
  const own = kind === 'feeder' ? PARAMS : SERIAL;
  return {
    shedId: d.shedId,
    deviceNo: d.deviceNo,
    name: d.name,
    model: d.model ?? '',
    remark: d.remark ?? '',
    gatewayId: d.gatewayId ?? undefined,
    parentId: d.parentId ?? undefined,
    penId: d.penId ?? undefined,
    ...Object.fromEntries(own.map((k) => [k, d[k]])),
  };
}

/** The request body of the form's values for the kind (what its shared schema checks, field by field). */
function toBody(kind: FeedDeviceKind, v: Values): Values {
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string).trim() : v[k]);
  const base = {
    shedId: v.shedId,
    deviceNo: text('deviceNo'),
    name: text('name'),
    model: optionalText(v.model as string | undefined),
    remark: optionalText(v.remark as string | undefined),
  };
  const pick = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, v[k] ?? undefined]));
  if (kind === 'concentrator') return { ...base, ...pick(SERIAL), gatewayId: v.gatewayId };
  if (kind === 'collector') return { ...base, ...pick(SERIAL), parentId: v.parentId };
  return { ...base, ...pick(PARAMS), parentId: v.parentId, penId: v.penId };
}

/**
 * Add or edit a concentrator (its house's feeder main gateway), a collector (its concentrator)
 * or a feeder (its collector and pen, and its parameters), with the device number (unique under
 * its parent: 203339 shows under it) and the bus settings or feeding parameters.
 */
export function FeedDeviceFormDialog({
  kind,
  device,
  farmId,
  onClose,
}: {
  kind: FeedDeviceKind;
  device: FeedDeviceRow | null;
  farmId: number;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<Values>();
  const [initial] = useState(() => initialValues(kind, device));
  const shedId = Form.useWatch('shedId', form) as number | undefined;
  const sheds = useShedOptions(farmId);
  const gatewayOptions = useFeederGateways(shedId ?? device?.shedId, kind === 'concentrator');
  const parents = useParentOptions(
    kind === 'feeder' ? 'feeder' : 'collector',
    kind === 'concentrator' ? undefined : (shedId ?? device?.shedId),
  );
  const pens = usePlanPens(farmId, kind === 'feeder' ? (shedId ?? device?.shedId) : undefined);
  const saves = { concentrator: useSaveConcentrator(), collector: useSaveCollector(), feeder: useSaveFeeder() };
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(SCHEMA[kind], field, (v) => toBody(kind, v));

  const send = (id: number | null, values: Values): Promise<unknown> => {
    if (kind === 'concentrator') return saves.concentrator.mutateAsync({ id, body: concentratorAddBody.parse(values) });
    if (kind === 'collector') return saves.collector.mutateAsync({ id, body: collectorAddBody.parse(values) });
    return saves.feeder.mutateAsync({ id, body: feederAddBody.parse(values) });
  };
  const dialog = useAddEditDialog(form, {
    title: device ? t('feedDevices.editTitle', { name: device.name }) : t(`feedDevices.add.${kind}`),
    name: `feed-${kind}`,
    initialValues: initial,
    body: (v: Values) => toBody(kind, { ...initial, ...v }),
    add: (values) => send(null, values),
    edit: device && ((values) => send(device.id, values)),
    added: (values) => t('feedDevices.added', { name: values.name }),
    onClose,
    fields: { [ErrorCodes.DEVICE_CODE_EXISTS]: kind === 'concentrator' ? ['deviceNo', 'gatewayId'] : 'deviceNo' },
  });

  /** A required feeding parameter typed as a number, labelled by `fields.<label>`. */
  const numberField = (name: string, label = name): ReactElement => (
    <Field key={name} name={name} label={t(`feedDevices.fields.${label}`)} rule={rule} required>
      <NumberInput />
    </Field>
  );
  const options = (rows: readonly { id: number; deviceNo?: string; code?: string; name: string }[]) =>
    rows.map((r) => ({ value: r.id, label: `${r.name} (${r.deviceNo ?? r.code ?? ''})` }));

  return (
    <FormDialog {...dialog} width={680}>
      <FieldRow>
        <Field name="shedId" label={t('feedDevices.fields.shedId')} rule={rule} required>
          <Select placeholder={t('common:select')} options={sheds.data ?? []} loading={sheds.isPending} />
        </Field>
        {kind === 'concentrator' ? (
          <Field name="gatewayId" label={t('feedDevices.fields.gatewayId')} rule={rule} required>
            <Select
              placeholder={t('common:select')}
              options={options(gatewayOptions.data ?? [])}
              notFoundContent={t('feedDevices.noGateway')}
            />
          </Field>
        ) : (
          <Field name="parentId" label={t(`feedDevices.parentOf.${kind}`)} rule={rule} required>
            <Select placeholder={t('common:select')} options={options(parents.data ?? [])} />
          </Field>
        )}
      </FieldRow>
      <FieldRow>
        <Field name="deviceNo" label={t('feedDevices.fields.deviceNo')} rule={rule} required />
        <Field name="name" label={t('feedDevices.fields.name')} rule={rule} required />
        <Field name="model" label={t('feedDevices.fields.model')} rule={rule} />
      </FieldRow>
      {kind === 'feeder' ? (
        <>
          <FieldRow>
            <Field name="penId" label={t('feedDevices.fields.penId')} rule={rule} required>
              <Select placeholder={t('common:select')} options={pens} />
            </Field>
            {numberField('amountPerFeed', 'amountPerFeedG')}
            {numberField('intervalMinutes')}
          </FieldRow>
          <FieldRow>
            {numberField('baitWeight')}
            {numberField('tempLow')}
            {numberField('tempHigh')}
          </FieldRow>
          <FieldRow>
            {numberField('brightness')}
            {numberField('lockSeconds')}
            <Form.Item name="touchLock" label={t('feedDevices.fields.touchLock')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </FieldRow>
        </>
      ) : (
        <FieldRow each={6}>
          {(['baudRate', 'dataBits', 'stopBits'] as const).map((name) => (
            <Field key={name} name={name} label={t(`feedDevices.fields.${name}`)} rule={rule} required>
              <Select<number> options={SERIAL_CHOICES[name]} />
            </Field>
          ))}
          <Field name="parity" label={t('feedDevices.fields.parity')} rule={rule} required>
            <Select options={PARITIES.map((p) => ({ value: p, label: t(`feedDevices.parities.${p}`) }))} />
          </Field>
        </FieldRow>
      )}
      <Field name="remark" label={t('feedDevices.fields.remark')} rule={rule}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
