import type { ReactElement } from 'react';
import { Select, type SelectProps } from 'antd';

/**
 * The farms or accounts an authorization is limited to, found by typing their label; none picked
 * means not limited (the placeholder says "all ..."). Its value and change come from its Form.Item.
 */
export function LimitSelect(props: SelectProps<number[]>): ReactElement {
  return <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} maxTagCount="responsive" {...props} />;
}
