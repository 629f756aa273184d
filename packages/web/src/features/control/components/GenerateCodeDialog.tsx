import { useState, type ReactElement } from 'react';
import { Alert, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authCodeGenerateBody, SETTING_GROUPS, type AuthCodeGenerated, type SettingGroup } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FormDialog } from '../../../ui/FormDialog';
import { TextInput } from '../../../ui/FormFields';
import { optionalText, reportSaveError } from '../../../ui/formErrors';
import { NumberInput } from '../../../ui/NumberInput';
import { useFormSave } from '../../../ui/useFormSave';
import { zodRule } from '../../../ui/zodRule';
import { useGenerateAuthCode } from '../api';
import { formatDateTime } from '../../../app/i18n/numbers';

interface Values {
  validMinutes: number;
  shedIds: number[];
  actions?: SettingGroup[];
  remark?: string;
}

const toBody = (v: Record<string, unknown>): unknown => ({
  ...v,
  actions: Array.isArray(v.actions) && v.actions.length > 0 ? v.actions : undefined,
  remark: typeof v.remark === 'string' ? optionalText(v.remark) : undefined,
});
const rule = (field: string) => zodRule(authCodeGenerateBody, field, toBody);

/**
 * Generates an authorization code for some houses of a farm, valid for some minutes and
 * optionally only for some setting groups. The code is shown once, here: the server keeps only
 * its hash, so the administrator copies it before closing.
 */
export function GenerateCodeDialog({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const [form] = Form.useForm<Values>();
  const choice = useFarmChoice();
  const sheds = useShedOptions(choice.farmId);
  const generate = useGenerateAuthCode();
  const [made, setMade] = useState<AuthCodeGenerated | null>(null);
  const save = useFormSave(
    form,
    async (v) => {
      setMade(
        await generate.mutateAsync({
          validMinutes: v.validMinutes,
          shedIds: v.shedIds,
          actions: v.actions && v.actions.length > 0 ? v.actions : undefined,
          remark: optionalText(v.remark),
        }),
      );
    },
    (err) => reportSaveError(form, err),
  );

  if (made)
    return (
      <FormDialog
        open
        title={t('codes.generated')}
        save={{ busy: false, submit: async () => onClose() }}
        onClose={onClose}
        okText={t('common:close')}
      >
        <Alert type="success" showIcon title={t('codes.copyOnce')} className="fs-dialog-note" />
        <Typography.Title level={3} copyable data-testid="generated-code">
          {made.code}
        </Typography.Title>
        <Typography.Text>{t('codes.validUntil', { time: formatDateTime(made.expiresAt) })}</Typography.Text>
      </FormDialog>
    );

  return (
    <FormDialog
      open
      title={t('codes.generate')}
      save={save}
      onClose={onClose}
      formProps={{ form, name: 'authCode', initialValues: { validMinutes: 60, shedIds: [] } }}
    >
      <Form.Item label={t('codes.farm')} required>
        <FarmSelect id="authCode_farm" choice={choice} onPicked={() => form.setFieldValue('shedIds', [])} />
      </Form.Item>
      <Form.Item name="shedIds" label={t('codes.sheds')} required rules={[rule('shedIds')]}>
        <Select
          mode="multiple"
          options={sheds.data ?? []}
          loading={sheds.isPending && choice.farmId !== undefined}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="validMinutes" label={t('codes.validMinutes')} required rules={[rule('validMinutes')]}>
        <NumberInput integer />
      </Form.Item>
      <Form.Item name="actions" label={t('codes.actions')} extra={t('codes.actionsHint')} rules={[rule('actions')]}>
        <Select mode="multiple" allowClear options={SETTING_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('codes.remark')} rules={[rule('remark')]}>
        <TextInput />
      </Form.Item>
    </FormDialog>
  );
}
