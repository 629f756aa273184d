import type { ReactElement, ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/** Page heading with the page's file actions and its add button (large targets for the barn tablet). */
export function ProdPageHead({ title, subtitle, actions, addLabel, onAdd }: {
  title: ReactNode;
  subtitle: ReactNode;
  actions?: ReactNode;
  addLabel?: ReactNode;
  onAdd?: () => void;
}): ReactElement {
  return (
    <div className="fs-page-head">
      <div>
        <Typography.Title level={3} id="page-title" className="fs-page-head__title">
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
      <div className="fs-toolbar fs-prod-toolbar">
        {actions}
        {onAdd && (
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
