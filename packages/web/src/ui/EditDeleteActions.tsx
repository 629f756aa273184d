import type { ReactElement } from 'react';
import { DeleteAction, EditAction } from './RowAction';
import { useConfirmDelete, type ConfirmedDelete } from './useConfirmAction';

/**
 * The two actions of a catalogue row (a feed, a feed type, a standard…): edit, and delete after
 * the confirmation (`confirm`: its title, what deleting means for this row, and the mutation).
 * Both labels name the row ("Edit Starter 1"), for assistive technology and tests.
 */
export function EditDeleteActions<R>({
  editLabel,
  onEdit,
  deleteLabel,
  confirm,
  compact = false,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  confirm: ConfirmedDelete<R>;
  compact?: boolean;
}): ReactElement {
  return (
    <>
      <EditAction compact={compact} label={editLabel} onClick={onEdit} />
      <ConfirmedDeleteAction compact={compact} label={deleteLabel} confirm={confirm} />
    </>
  );
}

/** A row's delete after the confirmation (`confirm`: its title, what deleting means for the row, the mutation). */
export function ConfirmedDeleteAction<R>({
  label,
  confirm,
  compact = false,
}: {
  label: string;
  confirm: ConfirmedDelete<R>;
  compact?: boolean;
}): ReactElement {
  const confirmDelete = useConfirmDelete();
  return <DeleteAction compact={compact} label={label} onClick={() => confirmDelete(confirm)} />;
}
