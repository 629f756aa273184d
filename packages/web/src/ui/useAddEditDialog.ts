import type { FormInstance, FormProps } from 'antd';
import type { FormDialogProps, LimitBanner } from './FormDialog';
import { useAddEditSave, type AddEditSave } from './useFormSave';

/** The usual add / edit dialog, for `useAddEditDialog`: its save (`AddEditSave`) and its frame. */
export type AddEditDialog<V, B> = Omit<AddEditSave<V, B>, 'limit'> & {
  /** The dialog's title, the add's or the edit's (e.g. "Edit Farm A"). */
  title: string;
  /** The form's name (its fields' ids start with it). */
  name: string;
  initialValues?: FormProps['initialValues'];
  /** The form's other props (e.g. `requiredMark`, `onValuesChange`). */
  formProps?: Omit<FormProps, 'form' | 'name' | 'initialValues'>;
  /** The banner of an add refused because a cap is reached (`code`), kept until the next save. */
  limit?: LimitBanner;
};

/** What `FormDialog` takes from `useAddEditDialog`; the dialog adds its width and its fields. */
export type AddEditDialogFrame = Pick<FormDialogProps, 'title' | 'className' | 'save' | 'onClose' | 'limit'> & {
  formProps: NonNullable<FormDialogProps['formProps']>;
};

/**
 * The frame of the usual add / edit dialog, saved by `useAddEditSave`: its title, the admin
 * dialog's look, "Save" and "Cancel", the cap banner once an add is refused for it, and the
 * form (instance, name, initial values). The dialog renders `<FormDialog {...dialog} width={…}>`.
 */
export function useAddEditDialog<V, B>(
  form: FormInstance<V>,
  { title, name, initialValues, formProps, limit, ...saving }: AddEditDialog<V, B>,
): AddEditDialogFrame {
  const save = useAddEditSave(form, { ...saving, limit: limit?.code });
  return {
    title,
    className: 'fs-admin-dialog',
    save,
    onClose: saving.onClose,
    limit: save.limited ? limit : null,
    formProps: { ...formProps, form, name, initialValues },
  };
}
