import type { ReactElement, ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { actionsColumn } from './actionsColumn';
import { DeleteAction, EditAction } from './RowAction';
import { useConfirmDelete, type ConfirmedDelete } from './useConfirmAction';

/**
 * The two actions of a catalogue row (a feed, a feed type, a standard…): edit, and delete after
 * the confirmation (`confirm`: its title, what deleting means for this row, and the mutation).
 * Both labels name the row ("Edit Starter 1"), for assistive technology and tests. A row's other
 * actions (dispatch, bind…) go between the two as `children`.
 */
export function EditDeleteActions<R>({
  editLabel,
  onEdit,
  deleteLabel,
  confirm,
  compact = false,
  children,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  confirm: ConfirmedDelete<R>;
  compact?: boolean;
  children?: ReactNode;
}): ReactElement {
  return (
    <>
      <EditAction compact={compact} label={editLabel} onClick={onEdit} />
      {children}
      <ConfirmedDeleteAction compact={compact} label={deleteLabel} confirm={confirm} />
    </>
  );
}

/**
 * A row's delete after the confirmation (`confirm`: its title, what deleting means for the row, the
 * mutation). A row that cannot be deleted yet (e.g. a shed with gateways bound) keeps the action
 * `disabled`, with the reason as its `hint`.
 */
export function ConfirmedDeleteAction<R>({
  label,
  confirm,
  compact = false,
  disabled,
  hint,
}: {
  label: string;
  confirm: ConfirmedDelete<R>;
  compact?: boolean;
  disabled?: boolean;
  hint?: string;
}): ReactElement {
  const confirmDelete = useConfirmDelete();
  return <DeleteAction compact={compact} label={label} disabled={disabled} hint={hint} onClick={() => confirmDelete(confirm)} />;
}

/** The page's translation function (its namespaces include `common`). */
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** How the rows of one list are edited and deleted, for `editDeleteColumn`. */
export interface EditDelete<T> {
  /** What the section's texts name the row by, e.g. `{ name: r.name }`. */
  names: (row: T) => Record<string, unknown>;
  /** Opens the row's edit form. */
  edit: (row: T) => void;
  /** The delete mutation. */
  remove: (row: T) => Promise<unknown>;
  /** What deleting means for this row; the section's `deleteWarning` unless given. */
  content?: (row: T) => ReactNode;
  /** How many records use the row: when some do, the confirmation is the section's `inUse` with that `count`. */
  inUse?: (row: T) => number;
  /** What the page does once the row is deleted (e.g. drop a filter naming it). */
  after?: () => void;
  /** The row's other actions, between edit and delete. */
  between?: (row: T) => ReactNode;
  compact?: boolean;
}

/**
 * The actions column of a list whose rows are edited and deleted with one section's texts
 * (`<section>.editOf`, `.deleteOf`, `.deleteTitle` and `.deleteWarning`, each given `names(row)`):
 * `EditDeleteActions` in `actionsColumn` ("Actions", pinned right, `width` widened per language).
 */
export function editDeleteColumn<T>(t: Translate, section: string, width: number, spec: EditDelete<T>): ColumnType<T> {
  const { names, edit, remove, content, inUse, after, between, compact = false } = spec;
  const warning = (row: T): ReactNode => {
    if (content) return content(row);
    const count = inUse?.(row) ?? 0;
    return count > 0 ? t(`${section}.inUse`, { count }) : t(`${section}.deleteWarning`);
  };
  return actionsColumn<T>(t('common:actions'), width, (row) => (
    <EditDeleteActions
      compact={compact}
      editLabel={t(`${section}.editOf`, names(row))}
      onEdit={() => edit(row)}
      deleteLabel={t(`${section}.deleteOf`, names(row))}
      confirm={{
        title: t(`${section}.deleteTitle`, names(row)),
        content: warning(row),
        run: () => remove(row),
        after,
      }}
    >
      {between?.(row)}
    </EditDeleteActions>
  ));
}
