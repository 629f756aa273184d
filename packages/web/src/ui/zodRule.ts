import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { errorMessage, tk } from '../app/i18n/i18n';

/**
 * An antd form rule backed by a shared zod schema (SPEC §5 rules are written once, in
 * packages/shared/src/schemas). The whole form is parsed so cross-field refinements (confirmation
 * equals new password) report on their own field; messages are i18n keys translated here.
 * `toBody` turns the form's values into what the schema reads when the form holds them in another
 * shape (date pickers, a validity mode switch); issues then report on the schema's field names.
 */
export function zodRule(schema: ZodType, field: string, toBody?: (values: Record<string, unknown>) => unknown): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (): Promise<void> => {
      const values = getFieldsValue(true) as Record<string, unknown>;
      const result = schema.safeParse(toBody ? toBody(values) : values);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (!issue) return;
      const limits = issue as { maximum?: unknown; minimum?: unknown };
      // A counted limit (select at most 6 items) takes its plural form from the maximum.
      const count = typeof limits.maximum === 'number' ? { count: limits.maximum } : {};
      throw new Error(tk(issue.message, { max: limits.maximum, min: limits.minimum, ...count }));
    },
  });
}

/**
 * The `zodRule`s of a form's fields (`rule(field)`), the schema reading the form's values with
 * `fixed` ones added: the id of the record edited, the farm a record is added to.
 */
export function zodRules(schema: ZodType, fixed?: Record<string, unknown>): (field: string) => FormRule {
  const toBody = fixed && ((values: Record<string, unknown>) => ({ ...values, ...fixed }));
  return (field) => zodRule(schema, field, toBody);
}

/**
 * A form rule for a check the server also makes: a value `ok` refuses shows the message of the
 * code the server would answer with (e.g. 200324 for an IP address that is not one).
 */
export function codeRule<T>(code: number, ok: (value: T) => boolean): FormRule {
  return {
    validator: async (_: unknown, value: T): Promise<void> => {
      if (!ok(value)) throw new Error(errorMessage(code));
    },
  };
}
