import { useState, type ReactElement } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, FARM_TYPES, FEED_UNITS, feedInfoAddBody, type FeedInfoRow, type FeedUnit } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { optionalText } from '../../../ui/formErrors';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { useAddFeedInfo, useUpdateFeedInfo } from '../api';

interface FeedInfoValues {
  typeId?: number;
  name: string;
  batch: string;
  formulaRatio?: string;
  weight?: number | null;
  unit: FeedUnit;
  price?: number | null;
  priceUnit?: string;
  animalType?: number;
  remark?: string;
}

function initialValues(feed: FeedInfoRow | null): FeedInfoValues {
  if (!feed) return { name: '', batch: '', unit: 'kg', weight: null, price: null };
  return {
    typeId: feed.typeId,
    name: feed.name,
    batch: feed.batch,
    formulaRatio: feed.formulaRatio ?? '',
    weight: feed.weight,
    unit: feed.unit,
    price: feed.price,
    priceUnit: feed.priceUnit ?? '',
    animalType: feed.animalType,
    remark: feed.remark ?? '',
  };
}

/** The request body of the form's values (what the shared schema checks, field by field). */
function toBody(v: Record<string, unknown>): Record<string, unknown> {
  return {
    typeId: v.typeId,
    name: typeof v.name === 'string' ? v.name.trim() : v.name,
    batch: typeof v.batch === 'string' ? v.batch.trim() : v.batch,
    formulaRatio: optionalText(v.formulaRatio as string | undefined),
    weight: v.weight ?? undefined,
    unit: v.unit,
    price: v.price ?? null,
    priceUnit: optionalText(v.priceUnit as string | undefined),
    animalType: v.animalType,
    remark: optionalText(v.remark as string | undefined),
  };
}

/**
 * Add or edit a feed: its type, name and batch (each unique in the tenant: 20093 and 20035 show
 * under their field), formula ratio, package weight in g or kg, price and what it is per, and
 * the animal it is for.
 */
export function FeedInfoFormDialog({
  feed,
  types,
  onClose,
}: {
  feed: FeedInfoRow | null;
  types: readonly { id: number; name: string }[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<FeedInfoValues>();
  const [initial] = useState(() => initialValues(feed));
  const add = useAddFeedInfo();
  const update = useUpdateFeedInfo();
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(feedInfoAddBody, field, toBody);

  const dialog = useAddEditDialog(form, {
    title: feed ? t('info.editTitle', { name: feed.name }) : t('info.addTitle'),
    name: 'feedInfo',
    initialValues: initial,
    body: (v: FeedInfoValues) => feedInfoAddBody.parse(toBody({ ...v })),
    add: (body) => add.mutateAsync(body),
    edit: feed && ((body) => update.mutateAsync({ ...body, id: feed.id })),
    added: (body) => t('info.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.FEED_INFO_NAME_EXISTS]: 'name', [ErrorCodes.BATCH_DUPLICATE]: 'batch' },
  });

  return (
    <FormDialog {...dialog} width={640}>
      <FieldRow>
        <Field name="typeId" label={t('info.fields.typeId')} rule={rule} required>
          <Select placeholder={t('common:select')} options={types.map((ty) => ({ value: ty.id, label: ty.name }))} />
        </Field>
        <Field name="animalType" label={t('info.fields.animalType')} rule={rule} required>
          <Select
            placeholder={t('common:select')}
            options={FARM_TYPES.map((v) => ({ value: v as number, label: enumLabel('farmType', v) }))}
          />
        </Field>
      </FieldRow>
      <FieldRow>
        <Field name="name" label={t('info.fields.name')} rule={rule} required />
        <Field name="batch" label={t('info.fields.batch')} rule={rule} required />
      </FieldRow>
      <Field name="formulaRatio" label={t('info.fields.formulaRatio')} rule={rule}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
      <FieldRow spans={[12, 12]}>
        <Field name="weight" label={t('info.fields.weight')} rule={rule} required>
          <NumberInput />
        </Field>
        <Field name="unit" label={t('info.fields.unit')} rule={rule} required>
          <Radio.Group options={FEED_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))} optionType="button" />
        </Field>
      </FieldRow>
      <FieldRow spans={[12, 12]}>
        <Field name="price" label={t('info.fields.price')} rule={rule}>
          <NumberInput />
        </Field>
        <Field name="priceUnit" label={t('info.fields.priceUnit')} rule={rule} />
      </FieldRow>
      <Field name="remark" label={t('info.fields.remark')} rule={rule}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
