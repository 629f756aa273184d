import type { ReactElement } from 'react';
import { Button } from 'antd';
import { RightOutlined } from '@ant-design/icons';

/**
 * The arrow in the corner of a clickable card that opens its details: the card opens them too,
 * so the click stops here (it would open them twice); the label names what opens.
 */
export function CardOpenButton({ label, onOpen }: { label: string; onOpen: () => void }): ReactElement {
  return (
    <Button
      type="text"
      size="small"
      icon={<RightOutlined />}
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    />
  );
}
