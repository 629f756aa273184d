import type { ReactElement, ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { PlusOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The heading of an administration page: title (labels the page section), subtitle and its add button. */
export function AdminPageHead({ title, subtitle, addLabel, onAdd }: { title: ReactNode; subtitle: ReactNode; addLabel: ReactNode; onAdd: () => void }): ReactElement {
  return (
    <div className="fs-page-head">
      <div>
        <Typography.Title level={3} id="page-title" className="fs-page-head__title">
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
      <div className="fs-toolbar">
        <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
    </div>
  );
}

/** Reset and search buttons of a filter bar. */
export function FilterActions({ onReset, onSearch }: { onReset: () => void; onSearch: () => void }): ReactElement {
  const { t } = useTranslation('common');
  return (
    <>
      <Button icon={<UndoOutlined />} onClick={onReset}>
        {t('reset')}
      </Button>
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        {t('search')}
      </Button>
    </>
  );
}
