import type { ReactElement, ReactNode } from 'react';
import { Button } from 'antd';
import Popover from 'antd/es/popover';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnId, type AnyColumn } from './columns';

/** A column's heading as text or markup (antd also allows a function of the sort state). */
export function columnTitle<T>(col: AnyColumn<T>): ReactNode {
  const title = col.title as unknown;
  return typeof title === 'function' ? (title as (p: object) => ReactNode)({}) : (title as ReactNode);
}

/** The "Columns" button of a list: a tick per column that may be hidden, and "show all". */
export function ColumnChooser<T>({
  columns,
  hidden,
  onToggle,
  onShowAll,
}: {
  columns: readonly AnyColumn<T>[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onShowAll: () => void;
}): ReactElement {
  const { t } = useTranslation('common');
  const content = (
    <div className="fs-column-chooser" role="group" aria-label={t('columns.choose')}>
      {columns.map((c) => {
        const id = columnId(c)!;
        return (
          <label key={id} className="fs-column-choice">
            <input type="checkbox" checked={!hidden.has(id)} onChange={() => onToggle(id)} />
            <span>{columnTitle(c)}</span>
          </label>
        );
      })}
      <Button size="small" type="link" onClick={onShowAll} disabled={hidden.size === 0}>
        {t('columns.showAll')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button size="small" icon={<SettingOutlined />} aria-label={t('columns.choose')}>
        {hidden.size > 0 ? t('columns.hiddenCount', { count: hidden.size }) : t('columns.choose')}
      </Button>
    </Popover>
  );
}
