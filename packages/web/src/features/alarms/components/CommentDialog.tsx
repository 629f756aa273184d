import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { FormDialog } from '../../../ui/FormDialog';
import { useFormSave } from '../../../ui/useFormSave';
import { useAlarmWrites } from '../api';

/** The server's bound on an acknowledgement or release comment (alarmAckBody, alarmClearBody). */
const COMMENT_MAX = 200;

export type CommentAction = 'ack' | 'clear';

/**
 * Acknowledge or release one alarm, with an optional comment the record keeps. A refusal is told
 * by the API client; the dialog stays open so the comment is not lost.
 */
export function CommentDialog({
  target,
  onClose,
}: {
  target: { action: CommentAction; row: AlarmRow } | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<{ comment?: string }>();
  const writes = useAlarmWrites();
  const save = useFormSave(
    form,
    async ({ comment }) => {
      if (!target) return;
      const text = comment?.trim() || undefined;
      if (target.action === 'ack') {
        await writes.ack.mutateAsync({ ids: [target.row.id], comment: text });
        toast.success(t('records.acknowledged'));
      } else {
        await writes.clear.mutateAsync({ id: target.row.id, comment: text });
        toast.success(t('records.cleared'));
      }
      onClose();
    },
    () => undefined,
  );
  const rule = target?.row.ruleName ?? '';
  return (
    <FormDialog
      open={target !== null}
      title={target?.action === 'clear' ? t('records.clearTitle', { rule }) : t('records.ackTitle', { rule })}
      okText={target?.action === 'clear' ? t('records.actions.clear') : t('records.actions.ack')}
      save={save}
      onClose={onClose}
      formProps={{ form, name: 'alarm-comment' }}
    >
      <Form.Item name="comment" label={t('records.comment')}>
        <Input.TextArea maxLength={COMMENT_MAX} rows={3} showCount />
      </Form.Item>
    </FormDialog>
  );
}
