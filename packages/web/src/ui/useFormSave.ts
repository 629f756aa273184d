import { useState } from 'react';
import type { FormInstance } from 'antd';

/**
 * The save of a form dialog or drawer. The form is validated first (an invalid form shows its
 * messages under the fields and nothing is sent); then `save` (the mutation, its toast, closing)
 * runs with the save button busy. A refusal goes to `onError`, which writes it where the user will
 * look (under its field, or a banner); the dialog stays open.
 */
export function useFormSave<V>(
  form: FormInstance<V>,
  save: (values: V) => Promise<void>,
  onError: (err: unknown) => void,
): { busy: boolean; submit: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await save(values);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
