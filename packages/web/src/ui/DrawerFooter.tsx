import type { ReactElement } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "Cancel" and "Save" at the end of a drawer's form (`size` large on the entry drawers used on
 * the barn floor); Save is busy while the save runs.
 */
export function DrawerFooter({
  onCancel,
  onSave,
  busy,
  size,
}: {
  onCancel: () => void;
  onSave: () => void;
  busy: boolean;
  size?: ButtonProps['size'];
}): ReactElement {
  const { t } = useTranslation('common');
  return (
    <div className="fs-drawer-footer">
      <Button size={size} onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button size={size} type="primary" loading={busy} onClick={onSave}>
        {t('save')}
      </Button>
    </div>
  );
}
