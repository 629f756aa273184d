import { useRef, useState, type ReactElement } from 'react';
import { Col, Divider, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, FARM_SCALES, FARM_TYPES, farmAddBody, farmUpdateBody, INPUT_MAX_LENGTH, type FarmDetail } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import { zodRule } from '../../../ui/zodRule';
import { AreaCodeSelect } from '../../../ui/AreaCodeSelect';
import { optionalText, reportSaveError } from '../../../ui/formErrors';
import { useAddFarm, useUpdateFarm } from '../api';
import { zoneLongName } from '../timeZones';
import { TimeZoneSelect } from './TimeZoneSelect';
import { saveAddOrEdit, useFormSave } from '../../../ui/useFormSave';
import { FormDialog } from '../../../ui/FormDialog';
import { useAccountOptions } from '../../../app/auth/queries';

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
  const [limitReached, setLimitReached] = useState(false);
  const [initial] = useState(() => initialValues(farm, i18n.language));
  // The zone name last filled in automatically: replaced on a new zone, a typed name is kept.
  const autoName = useRef(initial.timeZone ? zoneLongName(initial.timeZone, i18n.language) : '');
  const rule = (field: string): ReturnType<typeof zodRule> =>
    adding ? zodRule(farmAddBody, field) : zodRule(farmUpdateBody, field, (v) => ({ ...v, id: farm.id }));

  const onValuesChange = (changed: Partial<FarmFormValues>): void => {
    if (!changed.timeZone) return;
    const current = (form.getFieldValue('timeZoneName') as string | undefined)?.trim() ?? '';
    const next = zoneLongName(changed.timeZone, i18n.language);
    if (!current || current === autoName.current) form.setFieldsValue({ timeZoneName: next });
    autoName.current = next;
  };

  const save = useFormSave(
    form,
    async (v: FarmFormValues): Promise<void> => {
      const body = {
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
      };
      setLimitReached(false);
      await saveAddOrEdit({
        add: () => add.mutateAsync(body),
        edit: farm && (() => update.mutateAsync({ ...body, id: farm.id })),
        added: t('form.added', { name: body.farmName }),
        onClose,
      });
    },
    (err) => {
      const code = reportSaveError(form, err, { [ErrorCodes.NAME_EXISTS]: 'farmName', [ErrorCodes.PEN_TYPE_ERROR]: 'type' });
      if (code === ErrorCodes.FARM_LIMIT) setLimitReached(true);
    },
  );

  return (
    <FormDialog
      title={adding ? t('form.addTitle') : t('form.editTitle', { name: farm.farmName })}
      width={760}
      className="fs-admin-dialog"
      save={save}
      onClose={onClose}
      limit={limitReached ? { code: ErrorCodes.FARM_LIMIT, hint: t('form.limitHint'), testId: 'farm-limit' } : null}
    >
      <Form form={form} layout="vertical" name="farm" preserve={false} initialValues={initial} onValuesChange={onValuesChange}>
        <Form.Item name="farmName" label={t('fields.farmName')} required rules={[rule('farmName')]}>
          <Input maxLength={INPUT_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item name="type" label={t('fields.type')} required rules={[rule('type')]} extra={adding ? undefined : t('form.typeHint')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                className="fs-big-radios"
                options={FARM_TYPES.map((v) => ({ value: v, label: enumLabel('farmType', v) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="scale" label={t('fields.scale')} rules={[rule('scale')]}>
              <Select
                allowClear
                placeholder={t('common:select')}
                options={FARM_SCALES.map((v) => ({ value: v, label: enumLabel('farmScale', v) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('fields.address')} rules={[rule('address')]}>
          <Input maxLength={INPUT_MAX_LENGTH} autoComplete="street-address" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="personInCharge" label={t('fields.personInCharge')} required rules={[rule('personInCharge')]}>
              <Input maxLength={INPUT_MAX_LENGTH} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contact" label={t('fields.contact')} rules={[rule('contact')]}>
              <Input maxLength={INPUT_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={9}>
            <Form.Item name="areaCode" label={t('fields.areaCode')} required rules={[rule('areaCode')]}>
              <AreaCodeSelect placeholder={t('common:select')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={15}>
            <Form.Item name="phone" label={t('fields.phone')} required rules={[rule('phone')]}>
              <Input maxLength={INPUT_MAX_LENGTH} autoComplete="tel" inputMode="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item name="adminAccountId" label={t('fields.adminAccount')} rules={[rule('adminAccountId')]} extra={t('form.adminHint')}>
              <Select
                allowClear
                placeholder={t('form.noAdmin')}
                options={accounts.map((a) => ({ value: a.value, label: a.label }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="state" label={t('fields.state')} required rules={[rule('state')]}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                className="fs-big-radios"
                options={[
                  { value: 1, label: t('state.1') },
                  { value: 0, label: t('state.0') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" className="fs-form-divider">
          {t('form.timeSection')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={13}>
            <Form.Item name="timeZone" label={t('fields.timeZone')} required rules={[rule('timeZone')]} extra={t('form.timeZoneHint')}>
              <TimeZoneSelect placeholder={t('form.timeZonePlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={11}>
            <Form.Item name="timeZoneName" label={t('fields.timeZoneName')} required rules={[rule('timeZoneName')]}>
              <Input maxLength={INPUT_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
