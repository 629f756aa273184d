import { useRef, useState, type ReactElement } from 'react';
import { Divider, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, FARM_SCALES, FARM_TYPES, farmAddBody, farmUpdateBody, type FarmDetail } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import { zodRules } from '../../../ui/zodRule';
import { AreaCodeSelect } from '../../../ui/AreaCodeSelect';
import { optionalText } from '../../../ui/formErrors';
import { useAddFarm, useUpdateFarm } from '../api';
import { zoneLongName } from '../timeZones';
import { TimeZoneSelect } from './TimeZoneSelect';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { FormDialog } from '../../../ui/FormDialog';
import { useAccountOptions } from '../../../app/auth/queries';
import { Field, FieldRow, TextInput } from '../../../ui/FormFields';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

export interface FarmFormValues {
  farmName: string;
  type?: 1 | 2 | 3;
  scale?: number;
  address?: string;
  personInCharge: string;
  contact?: string;
  areaCode?: string;
  phone: string;
  adminAccountId?: number;
  state: 0 | 1;
  timeZone?: string;
  timeZoneName: string;
}

function initialValues(farm: FarmDetail | null, locale: string): FarmFormValues {
  if (!farm) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return { farmName: '', personInCharge: '', phone: '', state: 1, timeZone: zone, timeZoneName: zoneLongName(zone, locale) };
  }
  return {
    farmName: farm.farmName,
    type: farm.type as 1 | 2 | 3,
    scale: farm.scale ?? undefined,
    address: farm.address ?? '',
    personInCharge: farm.personInCharge ?? '',
    contact: farm.contact ?? '',
    areaCode: farm.areaCode ?? undefined,
    phone: farm.phone ?? '',
    adminAccountId: farm.adminAccountId ?? undefined,
    state: farm.state === 0 ? 0 : 1,
    timeZone: farm.timeZone,
    timeZoneName: farm.timeZoneName ?? '',
  };
}

/**
 * Add or edit a farm (SPEC §3 Farm, §5 required fields): kind, scale band, address, person in
 * charge and contact, area code and phone, the farm's super-administrator, state, and the time
 * zone its days and reports are computed in. Picking a zone fills in its name in the console's
 * language unless the user wrote one. A name taken (10010) shows under the name, a full farm cap
 * (20110) stays as a banner.
 */
export function FarmFormDialog({ farm, onClose }: { farm: FarmDetail | null; onClose: () => void }): ReactElement {
  const { t, i18n } = useTranslation(['farms', 'common']);
  const [form] = Form.useForm<FarmFormValues>();
  const adding = farm === null;
  const accounts = useAccountOptions();
  const add = useAddFarm();
  const update = useUpdateFarm();
  const [initial] = useState(() => initialValues(farm, i18n.language));
  // The zone name last filled in automatically: replaced on a new zone, a typed name is kept.
  const autoName = useRef(initial.timeZone ? zoneLongName(initial.timeZone, i18n.language) : '');
  const rule = adding ? zodRules(farmAddBody) : zodRules(farmUpdateBody, { id: farm.id });

  const onValuesChange = (changed: Partial<FarmFormValues>): void => {
    if (!changed.timeZone) return;
    const current = (form.getFieldValue('timeZoneName') as string | undefined)?.trim() ?? '';
    const next = zoneLongName(changed.timeZone, i18n.language);
    if (!current || current === autoName.current) form.setFieldsValue({ timeZoneName: next });
    autoName.current = next;
  };

  const dialog = useAddEditDialog(form, {
    title: adding ? t('form.addTitle') : t('form.editTitle', { name: farm.farmName }),
    name: 'farm',
    initialValues: initial,
    formProps: { onValuesChange },
    body: (v: FarmFormValues) => ({
      farmName: v.farmName.trim(),
      type: v.type!,
      scale: v.scale,
      address: optionalText(v.address),
      personInCharge: v.personInCharge.trim(),
      contact: optionalText(v.contact),
      areaCode: v.areaCode!,
      phone: v.phone.trim(),
      adminAccountId: v.adminAccountId,
      state: v.state,
      timeZone: v.timeZone!,
      timeZoneName: v.timeZoneName.trim(),
    }),
    add: (body) => add.mutateAsync(body),
    edit: farm && ((body) => update.mutateAsync({ ...body, id: farm.id })),
    added: (body) => t('form.added', { name: body.farmName }),
    onClose,
    fields: { [ErrorCodes.NAME_EXISTS]: 'farmName', [ErrorCodes.PEN_TYPE_ERROR]: 'type' },
    limit: { code: ErrorCodes.FARM_LIMIT, hint: t('form.limitHint'), testId: 'farm-limit' },
  });

  return (
    <FormDialog {...dialog} width={760}>
      <Field name="farmName" label={t('fields.farmName')} rule={rule} required />
      <FieldRow spans={[14, 10]}>
        <Field name="type" label={t('fields.type')} rule={rule} required extra={adding ? undefined : t('form.typeHint')}>
          <ChoiceButtons big options={FARM_TYPES.map((v) => ({ value: v, label: enumLabel('farmType', v) }))} />
        </Field>
        <Field name="scale" label={t('fields.scale')} rule={rule}>
          <Select
            allowClear
            placeholder={t('common:select')}
            options={FARM_SCALES.map((v) => ({ value: v, label: enumLabel('farmScale', v) }))}
          />
        </Field>
      </FieldRow>
      <Field name="address" label={t('fields.address')} rule={rule}>
        <TextInput autoComplete="street-address" />
      </Field>
      <FieldRow>
        <Field name="personInCharge" label={t('fields.personInCharge')} rule={rule} required>
          <TextInput autoComplete="name" />
        </Field>
        <Field name="contact" label={t('fields.contact')} rule={rule} />
      </FieldRow>
      <FieldRow spans={[9, 15]}>
        <Field name="areaCode" label={t('fields.areaCode')} rule={rule} required>
          <AreaCodeSelect placeholder={t('common:select')} />
        </Field>
        <Field name="phone" label={t('fields.phone')} rule={rule} required>
          <TextInput autoComplete="tel" inputMode="tel" />
        </Field>
      </FieldRow>
      <FieldRow spans={[14, 10]}>
        <Field name="adminAccountId" label={t('fields.adminAccount')} rule={rule} extra={t('form.adminHint')}>
          <Select
            allowClear
            placeholder={t('form.noAdmin')}
            options={accounts.map((a) => ({ value: a.value, label: a.label }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Field>
        <Field name="state" label={t('fields.state')} rule={rule} required>
          <ChoiceButtons
            big
            options={[
              { value: 1, label: t('state.1') },
              { value: 0, label: t('state.0') },
            ]}
          />
        </Field>
      </FieldRow>
      <Divider titlePlacement="start" className="fs-form-divider">
        {t('form.timeSection')}
      </Divider>
      <FieldRow spans={[13, 11]}>
        <Field name="timeZone" label={t('fields.timeZone')} rule={rule} required extra={t('form.timeZoneHint')}>
          <TimeZoneSelect placeholder={t('form.timeZonePlaceholder')} />
        </Field>
        <Field name="timeZoneName" label={t('fields.timeZoneName')} rule={rule} required />
      </FieldRow>
    </FormDialog>
  );
}
