import { Children, forwardRef, type ReactElement, type ReactNode } from 'react';
import { Col, Form, Row, type FormRule, type InputProps, type InputRef } from 'antd';
// antd's Input without Search, Password and OTP (its index attaches them, so `Input` from 'antd' brings all three).
import Input from 'antd/es/input/Input';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';

/**
 * The parts the add / edit forms are built of (FormDialog and the drawers): a row of fields, a
 * field checked by its schema rule, and the plain text input.
 */

/**
 * Fields side by side on a wide screen, one per line on a phone. Widths are of 24: `spans` per
 * field, or `each` for all (more fields than fit wrap to the next line); even shares by default.
 */
export function FieldRow({ spans, each, children }: { spans?: readonly number[]; each?: number; children: ReactNode }): ReactElement {
  const fields = Children.toArray(children);
  return (
    <Row gutter={16}>
      {fields.map((field, i) => (
        <Col key={i} xs={24} sm={spans?.[i] ?? each ?? 24 / fields.length}>
          {field}
        </Col>
      ))}
    </Row>
  );
}

/**
 * A text input with the shared length cap; the browser does not offer to fill it unless told what
 * it holds. The ref reaches the input, so the form can focus a field it refused.
 */
export const TextInput = forwardRef<InputRef, InputProps>(function TextInput(props, ref) {
  return <Input ref={ref} maxLength={INPUT_MAX_LENGTH} autoComplete="off" {...props} />;
});

/**
 * A form field checked by `rule(name)` (the form's zodRule for one field). Without a control it
 * is a plain TextInput.
 */
export function Field({
  name,
  label,
  rule,
  required,
  extra,
  children,
}: {
  name: string;
  label: ReactNode;
  rule: (field: string) => FormRule;
  required?: boolean;
  extra?: ReactNode;
  children?: ReactElement;
}): ReactElement {
  return (
    <Form.Item name={name} label={label} required={required} rules={[rule(name)]} extra={extra}>
      {children ?? <TextInput />}
    </Form.Item>
  );
}
