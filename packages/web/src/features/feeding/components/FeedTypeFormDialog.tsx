import { useState, type ReactElement } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, feedTypeAddBody, type FeedTypeRow } from '@farmsense/shared';
import { FormDialog } from '../../../ui/FormDialog';
import { Field } from '../../../ui/FormFields';
import { optionalText } from '../../../ui/formErrors';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { useAddFeedType, useUpdateFeedType } from '../api';

interface FeedTypeValues {
  name: string;
  remark?: string;
}

/** Add or rename a feed type; a name the tenant uses (20034) shows under the name. */
export function FeedTypeFormDialog({ type, onClose }: { type: FeedTypeRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<FeedTypeValues>();
  const [initial] = useState<FeedTypeValues>(() => ({ name: type?.name ?? '', remark: type?.remark ?? '' }));
  const add = useAddFeedType();
  const update = useUpdateFeedType();
  const rule = (field: string): ReturnType<typeof zodRule> =>
    zodRule(feedTypeAddBody, field, (v) => ({ name: v.name, remark: optionalText(v.remark as string | undefined) }));

  const dialog = useAddEditDialog(form, {
    title: type ? t('types.editTitle', { name: type.name }) : t('types.addTitle'),
    name: 'feedType',
    initialValues: initial,
    body: (v: FeedTypeValues) => ({ name: v.name.trim(), remark: optionalText(v.remark) }),
    add: (body) => add.mutateAsync(body),
    edit: type && ((body) => update.mutateAsync({ ...body, id: type.id })),
    added: (body) => t('types.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.FEED_TYPE_DUPLICATE]: 'name' },
  });

  return (
    <FormDialog {...dialog} width={520}>
      <Field name="name" label={t('types.fields.name')} rule={rule} required />
      <Field name="remark" label={t('types.fields.remark')} rule={rule}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
