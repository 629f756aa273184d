import { useState, type ReactElement } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, feederRenameBody, type PositionRow } from '@farmsense/shared';
import { FormDialog } from '../../../ui/FormDialog';
import { Field } from '../../../ui/FormFields';
import { reportSaveError } from '../../../ui/formErrors';
import { useFormSave } from '../../../ui/useFormSave';
import { zodRule } from '../../../ui/zodRule';
import { toast } from '../../../app/api/toast';
import { useBindFeeder, useFeederPlaces, useMoveFeeder, usePositionPage, useRenameFeeder } from '../rackApi';

export type PositionAction = 'bind' | 'move' | 'rename';

interface Values {
  feederId?: number;
  toPositionId?: number;
  name?: string;
}

/** The feeder or position to pick, found by typing; one must be picked. */
function PickField({
  name,
  label,
  options,
  loading,
}: {
  name: keyof Values;
  label: string;
  options: { value: number; label: string; disabled?: boolean }[];
  loading: boolean;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('relation.pick') }]}>
      <Select showSearch optionFilterProp="label" placeholder={t('common:select')} options={options} loading={loading} />
    </Form.Item>
  );
}

/**
 * One change of the relation screen: bind a feeder of the house to this empty position (feeders
 * standing elsewhere are listed but cannot be picked: move them), move this position's feeder to
 * an empty position, or rename the feeder (a name another feeder of the house has: 20087).
 */
export function PositionDialog({
  action,
  position,
  shedId,
  onClose,
}: {
  action: PositionAction;
  position: PositionRow;
  shedId: number;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<Values>();
  const [initial] = useState<Values>(() => ({ name: position.feeder?.name ?? '' }));
  const feeders = useFeederPlaces(action === 'bind' ? shedId : undefined);
  const empty = usePositionPage({ shedId, state: 'empty', pageNo: 1, pageSize: 1000 }, action === 'move');
  const bind = useBindFeeder();
  const move = useMoveFeeder();
  const rename = useRenameFeeder();
  const renameRule = (field: string): ReturnType<typeof zodRule> =>
    zodRule(feederRenameBody, field, (v) => ({ feederId: position.feeder?.id ?? 0, name: String(v.name ?? '').trim() }));

  const save = useFormSave(
    form,
    async (v: Values): Promise<void> => {
      if (action === 'bind') await bind.mutateAsync({ positionId: position.id, feederId: v.feederId! });
      else if (action === 'move') await move.mutateAsync({ positionId: position.id, toPositionId: v.toPositionId! });
      else await rename.mutateAsync({ feederId: position.feeder!.id, name: String(v.name).trim() });
      toast.success(t(`relation.done.${action}`, { no: position.positionNo }));
      onClose();
    },
    (err) =>
      reportSaveError(form, err, {
        [ErrorCodes.DEVICE_RENAME_FAILED]: 'name',
        [ErrorCodes.DEVICE_EXISTS]: action === 'move' ? 'toPositionId' : 'feederId',
      }),
  );

  const feederOptions = (feeders.data ?? []).map((f) => ({
    value: f.id,
    disabled: f.positionId !== null,
    label:
      f.positionNo === null
        ? t('relation.feederLine', { name: f.name, no: f.deviceNo })
        : t('relation.feederAt', { name: f.name, no: f.deviceNo, position: f.positionNo }),
  }));
  const positionOptions = (empty.data?.list ?? []).map((p) => ({
    value: p.id,
    label: t('relation.positionLine', { no: p.positionNo, rack: p.rackName, column: p.penColumn, row: p.penRow }),
  }));

  return (
    <FormDialog
      title={t(`relation.titles.${action}`, { no: position.positionNo })}
      width={520}
      className="fs-admin-dialog"
      save={save}
      onClose={onClose}
      formProps={{ form, name: `position-${action}`, initialValues: initial }}
    >
      {action === 'bind' && (
        <PickField name="feederId" label={t('relation.fields.feeder')} options={feederOptions} loading={feeders.isPending} />
      )}
      {action === 'move' && (
        <PickField name="toPositionId" label={t('relation.fields.toPosition')} options={positionOptions} loading={empty.isPending} />
      )}
      {action === 'rename' && (
        <Field name="name" label={t('relation.fields.name')} rule={renameRule} required>
          <Input maxLength={50} />
        </Field>
      )}
    </FormDialog>
  );
}
