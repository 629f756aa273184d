import { useState, type ReactElement } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, rackAddBody, type RackRow } from '@farmsense/shared';
import { useShedOptions } from '../../../app/farm';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { optionalText } from '../../../ui/formErrors';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { usePlanPens } from '../api';
import { useSaveRack } from '../rackApi';

interface Values {
  shedId?: number;
  penId?: number;
  name: string;
  startNo?: number;
  endNo?: number;
  remark?: string;
}

/** The request body of the form's values (what rackAddBody checks, field by field). */
const toBody = (v: Partial<Record<keyof Values, unknown>>) => ({
  shedId: v.shedId,
  penId: v.penId,
  name: typeof v.name === 'string' ? v.name.trim() : v.name,
  startNo: v.startNo,
  endNo: v.endNo,
  remark: optionalText(typeof v.remark === 'string' ? v.remark : undefined),
});

/**
 * Add or edit a rack: its house and pen, its name and the run of positions it holds (start to end
 * number, the column rule 200330 under the end). A number taken in the house or a name taken in
 * the pen (20031) shows under the field at fault; an edit keeps the rack in its house.
 */
export function RackFormDialog({ rack, farmId, onClose }: { rack: RackRow | null; farmId: number; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<Values>();
  const [initial] = useState<Values>(() =>
    rack
      ? { shedId: rack.shedId, penId: rack.penId, name: rack.name, startNo: rack.startNo, endNo: rack.endNo, remark: rack.remark ?? '' }
      : { name: '' },
  );
  const shedId = Form.useWatch('shedId', form) ?? rack?.shedId;
  const sheds = useShedOptions(farmId);
  const pens = usePlanPens(farmId, shedId);
  const saveRack = useSaveRack();
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(rackAddBody, field, (v) => toBody(v));

  const dialog = useAddEditDialog(form, {
    title: rack ? t('racks.editTitle', { name: rack.name }) : t('racks.add'),
    name: 'feed-rack',
    initialValues: initial,
    body: (v: Values) => rackAddBody.parse(toBody({ ...initial, ...v })),
    add: (body) => saveRack.mutateAsync({ id: null, body }),
    edit: rack && ((body) => saveRack.mutateAsync({ id: rack.id, body })),
    added: (body) => t('racks.added', { name: body.name }),
    onClose,
    fields: {
      [ErrorCodes.PEN_EXISTS]: (data) => ((data as { field?: string } | null)?.field === 'name' ? 'name' : 'startNo'),
      [ErrorCodes.TARGET_PEN_NOT_FOUND]: 'penId',
      [ErrorCodes.TARGET_PEN_NOT_FOUND_94]: 'penId',
    },
  });

  return (
    <FormDialog {...dialog} width={620}>
      <FieldRow>
        <Field name="shedId" label={t('racks.fields.shedId')} rule={rule} required>
          <Select
            placeholder={t('common:select')}
            options={sheds.data ?? []}
            loading={sheds.isPending}
            disabled={rack !== null}
            onChange={() => form.setFieldValue('penId', undefined)}
          />
        </Field>
        <Field name="penId" label={t('racks.fields.penId')} rule={rule} required>
          <Select placeholder={t('common:select')} options={pens} />
        </Field>
      </FieldRow>
      <FieldRow>
        <Field name="name" label={t('racks.fields.name')} rule={rule} required />
        <Field name="startNo" label={t('racks.fields.startNo')} rule={rule} required>
          <NumberInput />
        </Field>
        <Field name="endNo" label={t('racks.fields.endNo')} rule={rule} required>
          <NumberInput />
        </Field>
      </FieldRow>
      <Field name="remark" label={t('racks.fields.remark')} rule={rule}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
