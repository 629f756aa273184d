import { dailyRowSchemas, type DailyKind } from '@farmsense/shared';
import { ApiError } from '../../../app/api/client';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { quickRecordOf, type QuickRow } from '../api';
import { fieldToBody, KIND_CONFIG, kindBody } from './kinds';

/** A message of a quick-entry row, on the field it is about when there is one. */
export interface Issue {
  field?: string;
  text: string;
}

/** What one grid row sends on save: a new record (batch), a corrected one (PUT), or why not. */
export type QuickPlan = { op: 'add' | 'edit'; body: Record<string, unknown> } | { op: 'invalid'; issues: Issue[] } | null;

/**
 * The plan of one row from what the user typed. A house without a record that day becomes a new
 * record of the typed figures; a recorded house whose figures were changed is sent whole (the
 * record's other fields kept), so a correction never blanks what the grid does not show. The
 * shared schema checks each row first, so a row it refuses is not sent and says why at once.
 */
export function quickPlan(kind: DailyKind, r: QuickRow, edits: Record<string, unknown> | undefined, day: string): QuickPlan {
  if (!edits || Object.keys(edits).length === 0) return null;
  const recorded = quickRecordOf(r, kind);
  let body: Record<string, unknown>;
  if (recorded) {
    const changed = KIND_CONFIG[kind].fields.some(
      (f) => f.name in edits && fieldToBody(f, edits[f.name]) !== fieldToBody(f, recorded[f.name]),
    );
    if (!changed) return null;
    body = { id: recorded.id, flockId: r.flockId, day, ...kindBody(kind, { ...recorded, ...edits }) };
  } else {
    const typed = kindBody(kind, edits, (f) => !!f.quick);
    if (Object.keys(typed).length === 0) return null;
    body = { flockId: r.flockId, day, ...typed };
  }
  // The row's own schema is strict: the record id travels beside the row, not in it.
  const { id: _id, ...row } = body;
  const parsed = dailyRowSchemas[kind].safeParse(row);
  if (!parsed.success)
    return { op: 'invalid', issues: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), text: tk(i.message) })) };
  return { op: recorded ? 'edit' : 'add', body };
}

/** The messages of a refused correction: field issues (99996) or the code on its field. */
export function issuesOf(err: unknown): Issue[] {
  if (!(err instanceof ApiError)) return [{ text: errorMessage(0) }];
  const data = err.data as { field?: unknown; issues?: { field?: string | null; key?: string }[] } | null;
  if (data?.issues?.length)
    return data.issues.map((i) => ({ field: i.field ?? undefined, text: i.key ? tk(i.key) : errorMessage(err.code) }));
  return [{ field: typeof data?.field === 'string' ? data.field : undefined, text: errorMessage(err.code) }];
}
