import { useState, type ReactElement } from 'react';
import { DatePicker, Drawer, Form, Input, Select } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  FLOCK_SEX,
  FLOCK_TYPE_CODES,
  FLOCK_TYPES,
  REMARK_MAX_LENGTH,
  flockAddBody,
  flockUpdateBody,
  type FlockRow,
} from '@farmsense/shared';
import type { FarmInfo } from '../../../app/api/types';
import { enumLabel } from '../../../ui/enumLabel';
import { optionalText } from '../../../ui/formErrors';
import { zodRule } from '../../../ui/zodRule';
import { productionApi, useFarmSheds, useProductionMutation } from '../api';
import { useGateways } from '../gatewaysApi';
import { reportProductionError } from '../model/errors';
import { DAY, toDay } from '../model/kinds';
import { saveAddOrEdit, useFormSave } from '../../../ui/useFormSave';
import { useFarmToday } from './useFarmToday';
import { FieldRow, TextInput } from '../../../ui/FormFields';
import { DrawerFooter } from '../../../ui/DrawerFooter';

export interface FlockFormValues {
  farmId?: number;
  shedId?: number;
  groupNo?: string;
  flockType?: number;
  sex?: number;
  breed?: string;
  birthDate?: Dayjs | null;
  layingDate?: Dayjs | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  origin?: string;
  maleCount?: number | null;
  femaleCount?: number | null;
  maleAvgWeight?: number | null;
  femaleAvgWeight?: number | null;
  deviceId?: number | null;
  remark?: string;
}

const num = (v: number | null | undefined): number | undefined => (v === null || v === undefined ? undefined : v);

/** The form's values as flockAddBody reads them (days as YYYY-MM-DD, blanks left out). */
export function toFlockBody(v: FlockFormValues): Record<string, unknown> {
  return {
    farmId: v.farmId,
    shedId: v.shedId,
    groupNo: v.groupNo?.trim() ?? '',
    flockType: v.flockType,
    sex: v.sex,
    breed: optionalText(v.breed),
    birthDate: toDay(v.birthDate),
    layingDate: toDay(v.layingDate) ?? null,
    startDate: toDay(v.startDate),
    endDate: toDay(v.endDate) ?? null,
    origin: optionalText(v.origin),
    maleCount: num(v.maleCount),
    femaleCount: num(v.femaleCount),
    maleAvgWeight: v.maleAvgWeight ?? null,
    femaleAvgWeight: v.femaleAvgWeight ?? null,
    deviceId: v.deviceId ?? null,
    remark: optionalText(v.remark),
  };
}

const day = (s: string | null | undefined): Dayjs | null => (s ? dayjs(s, DAY) : null);

function initialValues(row: FlockRow | null, farmId: number | undefined, shedId: number | undefined, today: Dayjs): FlockFormValues {
  if (!row) return { farmId, shedId, flockType: 2, sex: 3, startDate: today, maleCount: 0, femaleCount: 0 };
  return {
    farmId: row.farmId,
    shedId: row.shedId,
    groupNo: row.groupNo,
    flockType: row.flockType,
    sex: row.sex,
    breed: row.breed ?? '',
    birthDate: day(row.birthDate),
    layingDate: day(row.layingDate),
    startDate: day(row.startDate),
    endDate: day(row.endDate),
    origin: row.origin ?? '',
    maleCount: row.maleCount,
    femaleCount: row.femaleCount,
    maleAvgWeight: row.maleAvgWeight,
    femaleAvgWeight: row.femaleAvgWeight,
    deviceId: row.deviceId,
    remark: row.remark ?? '',
  };
}

/**
 * Add or edit a flock: house, group number, type, sex, breed, hatch / laying / placement / planned
 * depletion dates, origin, birds placed and their weights, the meter gateway. Every rule is the
 * shared schema's, checked as the user types; a group number or house already taken (20065) or
 * counts below the birds already removed (20068) are written under the field at fault.
 */
export function FlockFormDrawer({
  row,
  farms,
  farmId,
  shedId,
  onClose,
}: {
  row: FlockRow | null;
  farms: FarmInfo[];
  farmId?: number;
  shedId?: number;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['production', 'records', 'common']);
  const [form] = Form.useForm<FlockFormValues>();
  const adding = row === null;
  const { todayDay } = useFarmToday(farmId);
  const [initial] = useState(() => initialValues(row, farmId, shedId, todayDay));
  const chosenFarm = Form.useWatch('farmId', form) ?? initial.farmId;
  const sheds = useFarmSheds(chosenFarm);
  const gateways = useGateways(chosenFarm);
  const add = useProductionMutation(productionApi.addFlock);
  const update = useProductionMutation(productionApi.updateFlock);
  const schema = adding ? flockAddBody : flockUpdateBody;
  const body = (v: FlockFormValues): Record<string, unknown> => (adding ? toFlockBody(v) : { ...toFlockBody(v), id: row.id });
  const rules = (field: keyof FlockFormValues): ReturnType<typeof zodRule>[] => [zodRule(schema, field, (v) => body(v as FlockFormValues))];
  const label = (field: string): string => t(`records:flock.${field}`);
  // Dates and counts check each other (placement after hatch, at least one bird placed).
  const linked: Partial<Record<keyof FlockFormValues, (keyof FlockFormValues)[]>> = {
    birthDate: ['startDate', 'layingDate'],
    startDate: ['endDate'],
    maleCount: ['femaleCount'],
  };

  const { busy, submit } = useFormSave(
    form,
    async (v: FlockFormValues): Promise<void> => {
      await saveAddOrEdit({
        add: () => add.mutateAsync(flockAddBody.parse(body(v))),
        edit: adding ? null : () => update.mutateAsync(flockUpdateBody.parse(body(v))),
        added: t('flock.added', { groupNo: v.groupNo?.trim() }),
        onClose,
      });
    },
    (err) => {
      reportProductionError(form, err, 'flock');
    },
  );

  const dayPicker = (field: keyof FlockFormValues, required = false): ReactElement => (
    <Form.Item name={field} label={label(field)} required={required} rules={rules(field)}>
      <DatePicker size="large" className="fs-prod-wide" format={DAY} />
    </Form.Item>
  );
  const count = (field: keyof FlockFormValues, isInt: boolean): ReactElement => (
    <Form.Item name={field} label={label(field)} rules={rules(field)}>
      <NumberInput size="large" className="fs-prod-wide" integer={isInt} />
    </Form.Item>
  );

  return (
    <Drawer
      open
      title={adding ? t('flock.addTitle') : t('flock.editTitle', { groupNo: row.groupNo })}
      onClose={onClose}
      size={720}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        layout="vertical"
        name="flock"
        initialValues={initial}
        onValuesChange={(changed: Partial<FlockFormValues>) => {
          const again = Object.keys(changed).flatMap((k) => linked[k as keyof FlockFormValues] ?? []);
          const touched = again.filter((f) => form.isFieldTouched(f));
          if (touched.length) void form.validateFields(touched).catch(() => undefined);
        }}
      >
        <FieldRow each={12}>
          <Form.Item name="farmId" label={label('farmId')} required rules={rules('farmId')}>
            <Select
              size="large"
              disabled={!adding}
              placeholder={t('common:select')}
              options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
              onChange={() => form.setFieldsValue({ shedId: undefined, deviceId: null })}
            />
          </Form.Item>
          <Form.Item name="shedId" label={label('shedId')} required rules={rules('shedId')}>
            <Select
              size="large"
              placeholder={t('common:select')}
              loading={sheds.isFetching}
              options={sheds.data ?? []}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="groupNo" label={label('groupNo')} required rules={rules('groupNo')}>
            <TextInput size="large" />
          </Form.Item>
          <Form.Item name="breed" label={label('breed')} rules={rules('breed')}>
            <TextInput size="large" />
          </Form.Item>
          <Form.Item name="flockType" label={label('flockType')} required rules={rules('flockType')}>
            <Select size="large" options={FLOCK_TYPE_CODES.map((v) => ({ value: v, label: enumLabel('flockType', FLOCK_TYPES[v - 1]) }))} />
          </Form.Item>
          <Form.Item name="sex" label={label('sex')} required rules={rules('sex')}>
            <Select size="large" options={FLOCK_SEX.map((v) => ({ value: v, label: enumLabel('flockSex', v) }))} />
          </Form.Item>
          {dayPicker('birthDate', true)}
          {dayPicker('startDate', true)}
          {dayPicker('layingDate')}
          {dayPicker('endDate')}
          {count('femaleCount', true)}
          {count('maleCount', true)}
          {count('femaleAvgWeight', false)}
          {count('maleAvgWeight', false)}
          <Form.Item name="origin" label={label('origin')} rules={rules('origin')}>
            <TextInput size="large" />
          </Form.Item>
          <Form.Item name="deviceId" label={label('deviceId')} rules={rules('deviceId')} extra={t('flock.deviceHint')}>
            <Select size="large" allowClear placeholder={t('flock.noDevice')} loading={gateways.isFetching} options={gateways.data ?? []} />
          </Form.Item>
        </FieldRow>
        <Form.Item name="remark" label={label('remark')} rules={rules('remark')}>
          <Input.TextArea maxLength={REMARK_MAX_LENGTH} rows={2} />
        </Form.Item>
        <DrawerFooter size="large" onCancel={onClose} onSave={() => void submit()} busy={busy} />
      </Form>
    </Drawer>
  );
}
