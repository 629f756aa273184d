import type { ReactElement, ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { QK } from '../../auth/queries';
import { reportFormError } from '../../../ui/serverIssues';
import { useFormSave } from '../../../ui/useFormSave';

/**
 * A dialog of the top bar's account menu around one form: "Save" validates it and runs `save`
 * (the call, its toast, closing) with the button busy; a refusal is written under its field (or
 * told) and the dialog stays open. The fields are dropped on close.
 */
export function AccountDialog<V>({
  open,
  onClose,
  title,
  cancelText,
  form,
  name,
  save,
  initialValues,
  before,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Default "Cancel". */
  cancelText?: string;
  form: FormInstance<V>;
  /** The form's name (its fields' ids start with it). */
  name: string;
  save: (values: V) => Promise<void>;
  initialValues?: Partial<V>;
  /** Shown above the form. */
  before?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation('shell');
  const submit = useFormSave(form, save, (err) => reportFormError(form, err));
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.save')}
      cancelText={cancelText ?? t('actions.cancel')}
      confirmLoading={submit.busy}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {before}
      <Form form={form} name={name} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}

/** The end of a save that changed the signed-in account: say so, reload its user info (the top bar and checks read it), close. */
export function useAccountSaved(onClose: () => void): (message: string) => Promise<void> {
  const client = useQueryClient();
  return async (message) => {
    toast.success(message);
    await client.invalidateQueries({ queryKey: QK.userInfo });
    onClose();
  };
}
