import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/api/toast';
import { lazyParts } from '../app/lazyParts';

/** An action the user confirms first (delete, ban, unbind…), then is told it is done. */
export interface ConfirmedAction<R> {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  danger?: boolean;
  /** Touch-sized buttons, as on the production data-entry screens. */
  large?: boolean;
  /** The mutation; its refusal is shown by the API client, so the dialog simply closes. */
  run: () => Promise<R>;
  /** The success toast, possibly from what the server answered (e.g. how many were changed). */
  done: string | ((result: R) => string);
  /** What the page does once it is done (e.g. forget a selection). */
  after?: () => void;
}

/** Deletion is the most common confirmed action: a danger button ("Delete" unless the page names it) and the same toast. */
export type ConfirmedDelete<R> = Omit<ConfirmedAction<R>, 'okText' | 'danger' | 'done'> & { okText?: string };

/**
 * The confirmation every administration page shows before a mutation: a modal whose OK runs the
 * mutation (its query invalidation lives in the feature's mutation hook), then a success toast.
 * The returned function is stable, so pages may keep it in memoised columns.
 */
export function useConfirmAction(): <R>(action: ConfirmedAction<R>) => void {
  const { t } = useTranslation('common');
  return useCallback(
    <R>({ title, content, okText, danger = false, large = false, run, done, after }: ConfirmedAction<R>): void => {
      // The dialog's code loads when a page first asks (theme and language: app/providers).
      const modal = import('antd/es/modal');
      lazyParts.modal = modal;
      void modal.then(({ default: Modal }) =>
        Modal.confirm({
          title,
          content,
          okText,
          okButtonProps: large ? { danger, size: 'large' } : { danger },
          cancelButtonProps: large ? { size: 'large' } : undefined,
          cancelText: t('cancel'),
          onOk: async () => {
            try {
              const result = await run();
              toast.success(typeof done === 'function' ? done(result) : done);
              after?.();
            } catch {
              // The API client has shown the reason.
            }
          },
        }),
      );
    },
    [t],
  );
}

/** `useConfirmAction` for a deletion: "Delete" in danger red, then "Deleted successfully". */
export function useConfirmDelete(): <R>(action: ConfirmedDelete<R>) => void {
  const confirm = useConfirmAction();
  const { t } = useTranslation('common');
  return useCallback(
    <R>(action: ConfirmedDelete<R>): void =>
      confirm({ ...action, okText: action.okText ?? t('delete'), danger: true, done: t('deletedSuccessfully') }),
    [confirm, t],
  );
}
