import type { ReactElement, ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What a row action shows and does; `label` is its accessible name, naming the row. */
export interface RowActionProps {
  icon: ReactNode;
  text: string;
  label: string;
  compact: boolean;
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
  primary?: boolean;
  /** Why the action is as it is (e.g. disabled); shown instead of the name. */
  hint?: string;
  keepText?: boolean;
}

/**
 * A row action sized for touch (40 px, gloves). On narrower screens the table is tight, so the
 * common actions (edit, delete: icons everyone reads) show their icon only and name themselves in
 * a tooltip, while the page's own action (`keepText`) keeps its words; the accessible name is
 * always the full one (e.g. "Edit Pig Keeper").
 */
export function RowAction({
  icon,
  text,
  label,
  compact,
  onClick,
  danger,
  disabled,
  primary,
  hint,
  keepText,
}: RowActionProps): ReactElement {
  const iconOnly = compact && !keepText;
  const button = (
    <Button
      icon={icon}
      danger={danger}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      type={primary ? 'primary' : 'default'}
      ghost={primary}
    >
      {iconOnly ? null : text}
    </Button>
  );
  const tip = hint ?? (iconOnly ? text : undefined);
  return tip ? <Tooltip title={tip}>{button}</Tooltip> : button;
}

type CommonActionProps = Pick<RowActionProps, 'label' | 'compact' | 'onClick' | 'disabled' | 'hint'>;

/** The edit action of a row: pencil and "Edit"; `label` names the row (e.g. "Edit Farm A"). */
export function EditAction(props: CommonActionProps): ReactElement {
  const { t } = useTranslation('common');
  return <RowAction {...props} icon={<EditOutlined />} text={t('edit')} />;
}

/** The delete action of a row, in danger red; the page confirms before anything is deleted. */
export function DeleteAction(props: CommonActionProps): ReactElement {
  const { t } = useTranslation('common');
  return <RowAction {...props} danger icon={<DeleteOutlined />} text={t('delete')} />;
}

/** A small labelled row button (device pages); `label` names the row for assistive technology. */
export function SmallAction({
  icon,
  text,
  label,
  onClick,
  danger,
}: Pick<RowActionProps, 'icon' | 'text' | 'label' | 'onClick' | 'danger'>): ReactElement {
  return (
    <Button size="small" danger={danger} icon={icon} onClick={onClick} aria-label={label}>
      {text}
    </Button>
  );
}
