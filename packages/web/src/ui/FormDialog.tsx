import type { ReactElement } from 'react';
import { Alert, Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../app/i18n/i18n';

/** A banner of a refused add because a cap is reached: the code (its message), what to do, its test id. */
export interface LimitBanner {
  code: number;
  hint: string;
  testId: string;
}

export type FormDialogProps = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading'> & {
  /** useFormSave's answer: the submit "Save" runs and whether it is busy. */
  save: { busy: boolean; submit: () => Promise<void> };
  onClose: () => void;
  /** A refused add because a cap is reached (the code's message and what to do), kept as a banner. */
  limit?: LimitBanner | null;
  /** The form the content is: at least its instance and its name (its fields' ids start with it). */
  formProps?: FormProps & { form: FormInstance; name: string };
};

/**
 * The dialog of an add / edit form: "Save" runs `save.submit` (useFormSave: validate, send,
 * close) with the button busy meanwhile, "Cancel" and the close button call `onClose`, a click
 * beside it does not close it (typed values are not lost), and its fields are dropped on close.
 * With `formProps` the content is that form (labels above the fields, values dropped on close).
 */
export function FormDialog({ open = true, save, onClose, limit, formProps, children, ...rest }: FormDialogProps): ReactElement {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={() => void save.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.busy}
      destroyOnHidden
      mask={{ closable: false }}
      {...rest}
    >
      {limit && (
        <Alert
          type="error"
          showIcon
          className="fs-dialog-note"
          title={errorMessage(limit.code)}
          description={limit.hint}
          data-testid={limit.testId}
        />
      )}
      {formProps ? (
        <Form layout="vertical" preserve={false} {...formProps}>
          {children}
        </Form>
      ) : (
        children
      )}
    </Modal>
  );
}
