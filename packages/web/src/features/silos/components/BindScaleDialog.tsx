import { useState, type ReactElement } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, siloBindScaleBody, type SiloRow } from '@farmsense/shared';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { reportSaveError } from '../../../ui/formErrors';
import { useFormSave } from '../../../ui/useFormSave';
import { zodRule } from '../../../ui/zodRule';
import { toast } from '../../../app/api/toast';
import { useBindScale, useScales } from '../api';

interface BindValues {
  gatewayId?: number;
  channel: number | null;
}

/**
 * Binds a silo to a load-cell channel (`weight.<n>`) of one of its farm's weighers. The channels
 * other silos use are listed under the weigher; choosing one of them anyway is refused (20050,
 * under the channel).
 */
export function BindScaleDialog({ silo, onClose }: { silo: SiloRow; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const [form] = Form.useForm<BindValues>();
  const scales = useScales(silo.farmId);
  const bind = useBindScale();
  const [initial] = useState<BindValues>(() => ({ gatewayId: silo.gatewayId ?? undefined, channel: silo.channel }));
  const gatewayId = Form.useWatch('gatewayId', form);
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(siloBindScaleBody, field, (v) => ({ ...v, id: silo.id }));
  const taken = (scales.data ?? []).find((g) => g.id === gatewayId)?.bound.filter((b) => b.siloId !== silo.id) ?? [];

  const save = useFormSave(
    form,
    async (v: BindValues): Promise<void> => {
      await bind.mutateAsync({ id: silo.id, gatewayId: v.gatewayId!, channel: v.channel! });
      toast.success(t('bind.bound', { name: silo.name }));
      onClose();
    },
    (err) => reportSaveError(form, err, { [ErrorCodes.COLLECTOR_BOUND]: 'channel', [ErrorCodes.DEVICE_MISSING]: 'gatewayId' }),
  );

  return (
    <FormDialog
      title={t('bind.scaleTitle', { name: silo.name })}
      width={520}
      className="fs-admin-dialog"
      save={save}
      onClose={onClose}
      formProps={{ form, name: 'siloScale', initialValues: initial }}
    >
      <FieldRow spans={[16, 8]}>
        <Field name="gatewayId" label={t('fields.scale')} rule={rule} required>
          <Select
            placeholder={t('common:select')}
            loading={scales.isPending}
            notFoundContent={t('bind.noScales')}
            options={(scales.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.code})` }))}
          />
        </Field>
        <Field name="channel" label={t('fields.channel')} rule={rule} required>
          <NumberInput integer />
        </Field>
      </FieldRow>
      {taken.length > 0 && (
        <p className="fs-muted" data-testid="silo-taken-channels">
          {t('bind.taken', { list: taken.map((b) => t('bind.takenOne', { channel: b.channel, name: b.siloName })).join(', ') })}
        </p>
      )}
    </FormDialog>
  );
}
