import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { tk } from '../../../app/i18n/i18n';

/**
 * A rule for field `field` of row `row` of list `list` (heaters, fan stages), checked by the
 * shared schema of the whole form, as the server checks it: the message of the issue at that
 * path, translated (cross-row rules such as increasing stages report on the row they name).
 */
export const listFieldRule =
  (schema: ZodType, list: string, row: number, field: string): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async (): Promise<void> => {
      const r = schema.safeParse(getFieldsValue(true));
      const issue = r.error?.issues.find((i) => i.path[0] === list && i.path[1] === row && i.path[2] === field);
      if (!issue) return;
      const limits = issue as { maximum?: unknown; minimum?: unknown };
      throw new Error(tk(issue.message, { max: limits.maximum, min: limits.minimum }));
    },
  });

/** A rule for the top-level field `field` of a form checked by the shared schema (the alarm limits). */
export const fieldRule =
  (schema: ZodType, field: string): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async (): Promise<void> => {
      const r = schema.safeParse(getFieldsValue(true));
      const issue = r.error?.issues.find((i) => i.path.length === 1 && i.path[0] === field);
      if (!issue) return;
      const limits = issue as { maximum?: unknown; minimum?: unknown };
      throw new Error(tk(issue.message, { max: limits.maximum, min: limits.minimum }));
    },
  });
