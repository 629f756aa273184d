import type { ReactElement } from 'react';
import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The dialog of an add / edit form: "Save" runs `save.submit` (useFormSave: validate, send,
 * close) with the button busy meanwhile, "Cancel" and the close button call `onClose`, a click
 * beside it does not close it (typed values are not lost), and its fields are dropped on close.
 */
export function FormDialog({
  open = true,
  save,
  onClose,
  children,
  ...rest
}: Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading'> & {
  /** useFormSave's answer: the submit "Save" runs and whether it is busy. */
  save: { busy: boolean; submit: () => Promise<void> };
  onClose: () => void;
}): ReactElement {
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
      {children}
    </Modal>
  );
}
