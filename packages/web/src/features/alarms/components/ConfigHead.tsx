import type { ReactElement, ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/**
 * The heading of a table on an alarms configuration page (rule groups and rules, push strategy and
 * phone calls): its title and the button that adds a row to it (`primary` unless told otherwise).
 * `testId` marks a title that changes with the page's choice (the rules of the picked group).
 */
export function ConfigHead({
  title,
  testId,
  addLabel,
  onAdd,
  addDisabled,
  primary = true,
}: {
  title: ReactNode;
  testId?: string;
  addLabel: string;
  onAdd: () => void;
  addDisabled: boolean;
  primary?: boolean;
}): ReactElement {
  return (
    <div className="fs-alarm-config__head">
      <h4 className="fs-heading" data-testid={testId}>
        {title}
      </h4>
      <Button type={primary ? 'primary' : undefined} icon={<PlusOutlined />} disabled={addDisabled} onClick={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
