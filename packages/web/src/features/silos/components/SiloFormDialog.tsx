import { useState, type ReactElement } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, siloAddBody, siloUpdateBody, type SiloRow } from '@farmsense/shared';
import { useShedOptions } from '../../../app/farm';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRules } from '../../../ui/zodRule';
import { useAddSilo, useUpdateSilo } from '../api';

interface SiloFormValues {
  name: string;
  shedIds: number[];
  capacityKg: number | null;
  emptyPct: number | null;
  fullPct: number | null;
  leadDays: number | null;
}

/**
 * Add a silo to the chosen farm or change one: its name (unique in the farm, 10010 under the
 * field), the houses it feeds, what it holds, the empty and full alarm shares and how many days
 * ahead to warn for a reorder. The rules are the shared schema's (empty below full, whole kg).
 */
export function SiloFormDialog({ farmId, silo, onClose }: { farmId: number; silo: SiloRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const [form] = Form.useForm<SiloFormValues>();
  const sheds = useShedOptions(farmId);
  const [initial] = useState<SiloFormValues>(() =>
    silo
      ? {
          name: silo.name,
          shedIds: silo.sheds.map((s) => s.id),
          capacityKg: silo.capacityKg,
          emptyPct: silo.emptyPct,
          fullPct: silo.fullPct,
          leadDays: silo.leadDays,
        }
      : { name: '', shedIds: [], capacityKg: null, emptyPct: 10, fullPct: 95, leadDays: 3 },
  );
  const add = useAddSilo();
  const update = useUpdateSilo();
  const rule = silo ? zodRules(siloUpdateBody, { id: silo.id }) : zodRules(siloAddBody, { farmId });

  const dialog = useAddEditDialog(form, {
    title: silo ? t('bind.editTitle', { name: silo.name }) : t('bind.addTitle'),
    name: 'silo',
    initialValues: initial,
    body: (v: SiloFormValues) => ({
      name: v.name.trim(),
      shedIds: v.shedIds,
      capacityKg: v.capacityKg!,
      emptyPct: v.emptyPct!,
      fullPct: v.fullPct!,
      leadDays: v.leadDays!,
    }),
    add: (body) => add.mutateAsync({ ...body, farmId }),
    edit: silo && ((body) => update.mutateAsync({ ...body, id: silo.id })),
    added: (body) => t('bind.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.NAME_EXISTS]: 'name', [ErrorCodes.HOUSE_NOT_FOUND]: 'shedIds' },
  });

  return (
    <FormDialog {...dialog} width={600}>
      <FieldRow spans={[14, 10]}>
        <Field name="name" label={t('fields.name')} rule={rule} required />
        <Field name="capacityKg" label={t('fields.capacityKg')} rule={rule} required>
          <NumberInput integer suffix="kg" />
        </Field>
      </FieldRow>
      <Field name="shedIds" label={t('fields.sheds')} rule={rule} required>
        <Select
          mode="multiple"
          placeholder={t('common:select')}
          loading={sheds.isPending}
          options={sheds.data ?? []}
          optionFilterProp="label"
        />
      </Field>
      <FieldRow each={8}>
        <Field name="emptyPct" label={t('fields.emptyPct')} rule={rule} required>
          <NumberInput suffix="%" />
        </Field>
        <Field name="fullPct" label={t('fields.fullPct')} rule={rule} required>
          <NumberInput suffix="%" />
        </Field>
        <Field name="leadDays" label={t('fields.leadDays')} rule={rule} required>
          <NumberInput integer />
        </Field>
      </FieldRow>
    </FormDialog>
  );
}
