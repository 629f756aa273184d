import { useState } from 'react';
import type { FormInstance } from 'antd';
import { toast } from '../app/api/toast';
import { tk } from '../app/i18n/i18n';
import { reportSaveError, type FieldOfCode } from './formErrors';

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
    const values = await validValues(form);
    if (values === null) return;
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

/** The form's values once they pass its rules; null when they do not (the messages show under the fields). */
export async function validValues<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}

/**
 * The end of an add / edit save once the body is built: editing (`edit` given: the row exists)
 * runs it and says "Edited successfully", adding runs `add` and says `added` (e.g. "Farm A
 * added"); then the dialog closes.
 */
export async function saveAddOrEdit({
  add,
  edit,
  added,
  onClose,
}: {
  add: () => Promise<unknown>;
  edit: (() => Promise<unknown>) | null;
  added: string;
  onClose: () => void;
}): Promise<void> {
  if (edit) {
    await edit();
    toast.success(tk('common.editedSuccessfully'));
  } else {
    await add();
    toast.success(added);
  }
  onClose();
}

/** How an add / edit form saves, for `useAddEditSave`. */
export interface AddEditSave<V, B> {
  /**
   * The request body from the form's valid values; null when nothing is to be sent (a check of
   * the form's own failed, or the password could not be encrypted: the form already says why).
   */
  body: (values: V) => B | null | Promise<B | null>;
  /** The add mutation. */
  add: (body: B) => Promise<unknown>;
  /** The edit mutation of the row being edited (it gives the row's id); null when adding. */
  edit: ((body: B) => Promise<unknown>) | null;
  /** The success toast of an add, e.g. "Farm A added" (not asked on an edit). */
  added: (body: B) => string;
  onClose: () => void;
  /** The fields a refusal's code is written under (`reportSaveError`), e.g. a name taken under the name. */
  fields?: Record<number, FieldOfCode>;
  /** The code of a refused add because a cap is reached: `limited` is true from it until the next save. */
  limit?: number;
  /** A refusal's code once it is written under its field, for a form that shows more (e.g. the stage at fault). */
  onRefused?: (code: number, err: unknown) => void;
}

/**
 * The save of the usual add / edit dialog: `useFormSave` whose save builds the body, adds or
 * edits (`saveAddOrEdit`: the toast, then closing) and whose refusal `reportSaveError` writes
 * under the field its code names; `limited` says a cap refused the last add (FormDialog's `limit`
 * banner). A form that saves otherwise (not an add / edit pair) calls `useFormSave` itself.
 */
export function useAddEditSave<V, B>(
  form: FormInstance<V>,
  { body, add, edit, added, onClose, fields, limit, onRefused }: AddEditSave<V, B>,
): { busy: boolean; submit: () => Promise<void>; limited: boolean } {
  const [limited, setLimited] = useState(false);
  const save = useFormSave(
    form,
    async (values: V): Promise<void> => {
      setLimited(false);
      const b = await body(values);
      if (b === null) return;
      // `added` is an add's toast only: an edit's body may lack what it names.
      await saveAddOrEdit({ add: () => add(b), edit: edit && (() => edit(b)), added: edit ? '' : added(b), onClose });
    },
    (err) => {
      const code = reportSaveError(form, err, fields);
      if (code === null) return;
      // The cap is not about a field; the banner stays after the 2-second toast is gone.
      if (code === limit) setLimited(true);
      onRefused?.(code, err);
    },
  );
  return { ...save, limited };
}
