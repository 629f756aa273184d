import {
  AUDIT_EVENTS,
  AUDIT_KINDS,
  AUDIT_OPS,
  VISIT_MODULE,
  type AuditChange,
  type AuditNote,
  type AuditValue,
  type OperationLogRow,
} from '@farmsense/shared';
import { hasKey, i18n, tk } from '../../../app/i18n/i18n';
import { settingText } from '../../control';
import { formatDecimal } from '../../../app/i18n/numbers';
import { actionLabel, moduleLabel, visitedPage } from './labels';

/**
 * Each log entry as one sentence in the reader's language, phrased here from the codes and values
 * the server stores (plugins/audit-note.ts): "Edited shed House 3: shed number 3 → 4". Field
 * labels are `oplog.fields.<kind>.<field>`; values that are codes (types, levels, states) read
 * through their enum labels, numbers through the locale's formatter. An entry the page cannot
 * phrase reads as a generic sentence naming its module, never as a raw API path.
 */

/** The entry's detail when it is a note of what a write did (else null). */
export function auditNote(detail: unknown): AuditNote | null {
  if (!detail || typeof detail !== 'object') return null;
  const d = detail as Partial<AuditNote>;
  if (!AUDIT_OPS.includes(d.op as AuditNote['op']) || !AUDIT_KINDS.includes(d.kind as AuditNote['kind'])) return null;
  const events = Array.isArray(d.events) ? d.events.filter((e) => AUDIT_EVENTS.includes(e)) : [];
  return {
    op: d.op!,
    kind: d.kind!,
    name: typeof d.name === 'string' ? d.name : null,
    changes: Array.isArray(d.changes) ? d.changes : [],
    events,
  };
}

/** Where a field's coded values find their labels: `<namespace>.<group>.<value>`. */
const VALUE_LABELS: Record<string, (v: AuditValue) => string> = {
  'shed.shedType': (v) => (Number(v) >= 1000 ? `enums.poultryShedType.${v}` : `enums.pigShedType.${v}`),
  'farm.type': (v) => `enums.farmType.${v}`,
  'farm.scale': (v) => `enums.farmScale.${v}`,
  'farm.state': (v) => `oplog.values.state.${v}`,
  'account.accountType': (v) => `enums.accountType.${v}`,
  'account.gender': (v) => `oplog.values.gender.${v}`,
  'account.status': (v) => `oplog.values.state.${v}`,
  'role.type': (v) => `oplog.values.roleType.${v}`,
  'device.gatewayType': (v) => `enums.gatewayType.${v}`,
  'device.deviceCategory': (v) => `enums.deviceCategory.${v}`,
  'device.enabled': (v) => `oplog.values.state.${v === true ? 1 : 0}`,
  'network.connectionMode': (v) => `devices.network.modes.${v}`,
  'feed.animalType': (v) => `enums.farmType.${v}`,
  'feedingPlan.dispatchMode': (v) => `feeding.plan.modes.${v}`,
};

function decimalsOf(n: number): number {
  const s = String(n);
  const dot = s.indexOf('.');
  return dot < 0 || s.includes('e') ? 0 : Math.min(s.length - dot - 1, 6);
}

/** A remote-control setting (stored as JSON) in the option log's words. */
function settingValue(json: string, group: string): string {
  try {
    return settingText(JSON.parse(json), i18n.getFixedT(null, 'control'), group) || json;
  } catch {
    return json;
  }
}

/** A value as the reader writes it. */
export function formatValue(kind: string, field: string, v: AuditValue): string {
  if (v === null || v === '') return tk('oplog.values.empty');
  if (Array.isArray(v)) return v.map((x) => formatValue(kind, field, x)).join(', ');
  if (kind === 'setting' && typeof v === 'string') return settingValue(v, field);
  const label = VALUE_LABELS[`${kind}.${field}`];
  if (label && hasKey(label(v as string | number))) return tk(label(v as string | number));
  if (typeof v === 'boolean') return tk(v ? 'oplog.values.yes' : 'oplog.values.no');
  if (typeof v === 'number') return formatDecimal(v, decimalsOf(v));
  return String(v);
}

export function fieldLabel(kind: string, field: string): string {
  // A remote-control setting's field is its group, labelled as on the control pages.
  const key = kind === 'setting' ? `control.groups.${field}` : `oplog.fields.${kind}.${field}`;
  return hasKey(key) ? tk(key) : tk('oplog.sentence.otherField');
}

function changeText(kind: string, c: AuditChange): string {
  return tk('oplog.sentence.change', {
    field: fieldLabel(kind, c.field),
    before: formatValue(kind, c.field, c.before),
    after: formatValue(kind, c.field, c.after),
  });
}

/** The sentence of a note: "Added farm North", "Edited shed House 3: shed number 3 → 4". */
export function noteSentence(n: AuditNote): string {
  const vars = { kind: tk(`oplog.kinds.${n.kind}`), name: n.name ?? tk('oplog.sentence.unnamed') };
  if (n.op === 'apply') {
    // One group per apply: "Applied Heaters to House 3: old → new".
    const changes = n.changes ?? [];
    if (changes.length === 0) return tk('oplog.sentence.applySame', vars);
    const fromTo = changes.map((c) =>
      tk('oplog.sentence.fromTo', { before: formatValue(n.kind, c.field, c.before), after: formatValue(n.kind, c.field, c.after) }),
    );
    const group = fieldLabel(n.kind, changes[0]!.field);
    return tk('oplog.sentence.apply', { group, name: vars.name, changes: fromTo.join(tk('oplog.sentence.separator')) });
  }
  if (n.op !== 'edit') return tk(`oplog.sentence.${n.op}`, vars);
  const parts = [...(n.changes ?? []).map((c) => changeText(n.kind, c)), ...(n.events ?? []).map((e) => tk(`oplog.events.${e}`))];
  if (parts.length === 0) return tk('oplog.sentence.editNothing', vars);
  return tk('oplog.sentence.edit', { ...vars, changes: parts.join(tk('oplog.sentence.separator')) });
}

/** What the entry did, as a sentence in the reader's language. */
export function entrySentence(row: OperationLogRow): string {
  if (row.module === VISIT_MODULE) return tk('oplog.actions.visit', { page: visitedPage(row.detail) });
  const note = row.outcome === 'ok' ? auditNote(row.detail) : null;
  if (note) return noteSentence(note);
  const label = actionLabel(row.action);
  if (label !== row.action) return label;
  return tk('oplog.sentence.generic', { module: row.module ? moduleLabel(row.module) : tk('oplog.sentence.unknownModule') });
}
