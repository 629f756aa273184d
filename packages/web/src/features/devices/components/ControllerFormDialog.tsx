import { useState, type ReactElement } from 'react';
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  controllerAddBody,
  controllerUpdateBody,
  DEVICE_CATEGORIES,
  ErrorCodes,
  GATEWAY_TYPES,
  type ControllerRow,
} from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { errorMessage } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { zodRule } from '../../../ui/zodRule';
import { optionalText, reportSaveError } from '../../../ui/formErrors';
import { devicesApi, useDeviceMutation, useFarmSheds } from '../api';
import { PlacementFields, type PlacementValues } from './PlacementFields';
import { useFormSave } from '../../../ui/useFormSave';
import { FormDialog } from '../../../ui/FormDialog';
import { useFarms } from '../../../app/auth/queries';
import { Field, FieldRow } from '../../../ui/FormFields';

export interface ControllerFormValues extends PlacementValues {
  code: string;
  name: string;
  gatewayType?: number;
  deviceCategory?: number;
  model?: string;
  serialNo?: string;
  checkCode?: string;
  farmId?: number;
  shedId?: number | null;
}

/** The form's values in the shape the shared schemas read (blank optional texts left out). */
export function toControllerBody(v: Partial<ControllerFormValues>, adding = true): Record<string, unknown> {
  return {
    code: v.code?.trim(),
    name: v.name?.trim(),
    gatewayType: v.gatewayType,
    deviceCategory: v.deviceCategory,
    model: optionalText(v.model),
    serialNo: optionalText(v.serialNo),
    // Only a new gateway takes a check code; afterwards "regenerate" replaces it.
    ...(adding ? { checkCode: optionalText(v.checkCode) } : {}),
    farmId: v.farmId,
    shedId: v.shedId ?? null,
    networkId: v.networkId ?? null,
    port: v.port ?? null,
    commPointNo: v.commPointNo ?? null,
    parentId: v.parentId ?? null,
  };
}

/** What a new gateway starts with on a page cut to one family (the 4008 page). */
export interface ControllerPreset {
  model?: string;
  deviceCategory?: number;
}

function initialValues(row: ControllerRow | null, farmId: number | undefined, preset: ControllerPreset = {}): ControllerFormValues {
  if (!row) {
    return {
      code: 'fs-',
      name: '',
      gatewayType: 101,
      deviceCategory: preset.deviceCategory ?? 201,
      model: preset.model,
      farmId,
      shedId: null,
    };
  }
  return {
    code: row.code,
    name: row.name,
    gatewayType: row.gatewayType,
    deviceCategory: row.deviceCategory ?? undefined,
    model: row.model ?? '',
    serialNo: row.serialNo ?? '',
    farmId: row.farmId ?? undefined,
    shedId: row.shedId,
    networkId: row.networkId,
    port: row.port,
    commPointNo: row.commPointNo,
    parentId: row.parentId,
  };
}

/**
 * Add or edit a gateway: the device code rule (`fs-` + 1-16 letters or digits) and every other
 * field are checked by the shared schema as the user types. The check code is the gateway's MQTT
 * password: given or generated when adding and shown once then; an edit keeps it (the page's
 * "regenerate" action replaces it).
 */
export function ControllerFormDialog({
  row,
  farmId,
  preset,
  onClose,
  onAdded,
}: {
  row: ControllerRow | null;
  farmId?: number;
  preset?: ControllerPreset;
  onClose: () => void;
  /** A new gateway's check code, to be shown once. */
  onAdded?: (shown: { name: string; code: string }) => void;
}): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<ControllerFormValues>();
  const adding = row === null;
  const farms = useFarms();
  const [initial] = useState(() => initialValues(row, farmId, preset));
  const chosenFarm = Form.useWatch('farmId', form) ?? initial.farmId;
  const chosenType = Form.useWatch('gatewayType', form) ?? initial.gatewayType;
  const sheds = useFarmSheds(chosenFarm);
  const add = useDeviceMutation(devicesApi.add);
  const update = useDeviceMutation(devicesApi.update);
  const [limitReached, setLimitReached] = useState(false);
  const rule = (field: string): ReturnType<typeof zodRule> =>
    adding
      ? zodRule(controllerAddBody, field, (v) => toControllerBody(v as Partial<ControllerFormValues>))
      : zodRule(controllerUpdateBody, field, (v) => ({ ...toControllerBody(v as Partial<ControllerFormValues>, false), id: row.id }));

  const save = useFormSave(
    form,
    async (v: ControllerFormValues): Promise<void> => {
      const body = toControllerBody(v, adding);
      setLimitReached(false);
      if (adding) {
        const added = await add.mutateAsync(controllerAddBody.parse(body));
        toast.success(t('form.added', { name: v.name.trim() }));
        onAdded?.({ name: v.name.trim(), code: added.checkCode });
      } else {
        await update.mutateAsync(controllerUpdateBody.parse({ ...body, id: row.id }));
        toast.success(t('common:editedSuccessfully'));
      }
      onClose();
    },
    (err) => {
      const code = reportSaveError(form, err, {
        [ErrorCodes.DEVICE_CODE_EXISTS]: 'code',
        [ErrorCodes.DEVICE_NAME_EXISTS]: 'name',
        [ErrorCodes.DEVICE_RENAME_FAILED]: 'name',
        [ErrorCodes.HOUSE_BOUND_TO_CONTROLLER]: 'shedId',
        [ErrorCodes.DEVICE_EXISTS]: 'serialNo',
        [ErrorCodes.CONTROLLER_ID_EXISTS]: 'commPointNo',
        [ErrorCodes.PARAMS_INCOMPLETE]: ['networkId', 'port', 'commPointNo'],
        [ErrorCodes.DTU_NOT_FOUND]: 'parentId',
        [ErrorCodes.DEVICE_HAS_SUB_DEVICES]: 'gatewayType',
      });
      if (code === ErrorCodes.DEVICE_LIMIT) setLimitReached(true);
    },
  );

  return (
    <FormDialog title={adding ? t('form.addTitle') : t('form.editTitle', { name: row.name })} width={720} save={save} onClose={onClose}>
      {limitReached && <Alert type="error" showIcon title={errorMessage(ErrorCodes.DEVICE_LIMIT)} data-testid="device-limit" />}
      <Form form={form} layout="vertical" name="controller" preserve={false} initialValues={initial}>
        <FieldRow>
          <Field name="code" label={t('fields.code')} rule={rule} required extra={t('form.codeHint')}>
            <Input maxLength={19} autoComplete="off" spellCheck={false} />
          </Field>
          <Field name="name" label={t('fields.name')} rule={rule} required />
        </FieldRow>
        <FieldRow>
          <Field name="gatewayType" label={t('fields.gatewayType')} rule={rule} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={GATEWAY_TYPES.map((v) => ({ value: v, label: enumLabel('gatewayType', v) }))}
              data-testid="controller-gateway-type"
            />
          </Field>
          <Field name="deviceCategory" label={t('fields.deviceCategory')} rule={rule} required>
            <Select options={DEVICE_CATEGORIES.map((v) => ({ value: v, label: enumLabel('deviceCategory', v) }))} />
          </Field>
        </FieldRow>
        <FieldRow>
          <Field name="model" label={t('fields.model')} rule={rule} />
          <Field name="serialNo" label={t('fields.serialNo')} rule={rule} />
        </FieldRow>
        {adding && (
          <Field name="checkCode" label={t('fields.checkCode')} rule={rule} extra={t('form.checkCodeHint')}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Field>
        )}
        <FieldRow>
          <Field name="farmId" label={t('fields.farm')} rule={rule} required>
            <Select
              placeholder={t('common:select')}
              options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
              onChange={() => form.setFieldsValue({ shedId: null, networkId: null, parentId: null })}
            />
          </Field>
          <Field name="shedId" label={t('fields.shed')} rule={rule}>
            <Select allowClear placeholder={t('form.noShed')} loading={sheds.isFetching} options={sheds.data ?? []} />
          </Field>
        </FieldRow>
        <PlacementFields farmId={chosenFarm} gatewayType={chosenType} selfId={row?.id} />
      </Form>
    </FormDialog>
  );
}
