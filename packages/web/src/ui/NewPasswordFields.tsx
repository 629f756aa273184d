import type { ReactElement } from 'react';
import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';

/**
 * A new password and its confirmation side by side (the password manager is told they are new);
 * `rule` gives each field its shared-schema rule, the confirmation's rule reads `name`.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  hint,
  rule,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  hint: string;
  rule: (field: string) => Rule;
}): ReactElement {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name={name} label={label} required rules={[rule(name)]} extra={hint}>
          <Input.Password maxLength={INPUT_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="confirmPassword" label={confirmLabel} required dependencies={[name]} rules={[rule('confirmPassword')]}>
          <Input.Password maxLength={INPUT_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      </Col>
    </Row>
  );
}
