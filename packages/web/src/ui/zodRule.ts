import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { tk } from '../app/i18n/i18n';

/**
 * An antd form rule backed by a shared zod schema (SPEC §5 rules are written once, in
 * packages/shared/src/schemas). The whole form is parsed so cross-field refinements (confirmation
 * equals new password) report on their own field; messages are i18n keys translated here.
 */
export function zodRule(schema: ZodType, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (): Promise<void> => {
      const result = schema.safeParse(getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (!issue) return;
      const limits = issue as { maximum?: unknown; minimum?: unknown };
      throw new Error(tk(issue.message, { max: limits.maximum, min: limits.minimum }));
    },
  });
}
