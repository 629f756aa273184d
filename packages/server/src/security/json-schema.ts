/**
 * The subset of JSON Schema (OpenAPI 3.0 flavour, as fastify-type-provider-zod writes it) that the
 * security tests need: a minimal valid example of a schema, and a check of a value against one.
 * The tests build requests from the published OpenAPI document, so a route added tomorrow is
 * exercised without anyone writing a body for it.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

/**
 * Values for properties by name (ids of the tenant under test, passwords, codes). Candidates are
 * tried in order and the first one the property's schema accepts is used, so `shedIds` can be an
 * array in a body and a comma list in a query string. `include` names optional properties that
 * are sent anyway (the ids under test must reach optional filters too).
 */
export interface Hints {
  values(name: string): unknown[] | undefined;
  include(name: string): boolean;
}

/** Strings that satisfy the patterns the API uses (tried in order). */
const PATTERN_CANDIDATES = ['temp', 'fs-demo01', '1', 'a', 'A1', 'x', '2026-01-01'];

function types(s: JsonSchema): string[] {
  if (s.type === undefined) return [];
  return Array.isArray(s.type) ? s.type : [s.type];
}

/** The smallest admissible number (exclusive bounds step by one for integers). */
function lowerBound(s: JsonSchema, integer: boolean): number | undefined {
  const step = integer ? 1 : 0.5;
  if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + step;
  if (s.minimum === undefined) return undefined;
  return s.exclusiveMinimum === true ? s.minimum + step : s.minimum;
}

function upperBound(s: JsonSchema): number | undefined {
  return typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
}

/** Whether `v` satisfies `s` (unknown keywords are ignored; extra object keys are allowed). */
export function accepts(s: JsonSchema, v: unknown): boolean {
  if (v === null) return s.nullable === true || types(s).includes('null');
  if (v === undefined) return false;
  if (s.allOf && !s.allOf.every((x) => accepts(x, v))) return false;
  if (s.anyOf && !s.anyOf.some((x) => accepts(x, v))) return false;
  if (s.oneOf && !s.oneOf.some((x) => accepts(x, v))) return false;
  if (s.const !== undefined && v !== s.const) return false;
  if (s.enum && !s.enum.includes(v)) return false;
  const t = types(s);
  if (t.length === 0) return true;
  return t.some((type) => acceptsType(s, type, v));
}

function acceptsType(s: JsonSchema, type: string, v: unknown): boolean {
  switch (type) {
    case 'integer':
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return false;
      if (type === 'integer' && !Number.isInteger(v)) return false;
      const exMin = s.exclusiveMinimum === true ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
      const exMax = s.exclusiveMaximum === true ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
      if (exMin !== undefined && v <= exMin) return false;
      if (exMax !== undefined && v >= exMax) return false;
      if (s.exclusiveMinimum !== true && s.minimum !== undefined && v < s.minimum) return false;
      if (s.exclusiveMaximum !== true && s.maximum !== undefined && v > s.maximum) return false;
      return true;
    }
    case 'string':
      if (typeof v !== 'string') return false;
      if (s.minLength !== undefined && v.length < s.minLength) return false;
      if (s.maxLength !== undefined && v.length > s.maxLength) return false;
      return s.pattern === undefined || new RegExp(s.pattern, 'u').test(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      if (!Array.isArray(v)) return false;
      if (s.minItems !== undefined && v.length < s.minItems) return false;
      if (s.maxItems !== undefined && v.length > s.maxItems) return false;
      return !s.items || v.every((x) => accepts(s.items!, x));
    case 'object': {
      if (typeof v !== 'object' || Array.isArray(v)) return false;
      const o = v as Record<string, unknown>;
      if ((s.required ?? []).some((k) => o[k] === undefined)) return false;
      return Object.entries(s.properties ?? {}).every(([k, ps]) => o[k] === undefined || accepts(ps, o[k]));
    }
    case 'null':
      return false;
    default:
      return true;
  }
}

/**
 * A minimal valid value: required properties only (plus those `hints.include` names), enums'
 * first value, numbers at the lower bound (at least 1), strings of their minimum length (at least
 * 1), arrays of their minimum size (at least one item). Undefined when no value can be built:
 * callers report that route instead of skipping it.
 */
export function example(s: JsonSchema, hints: Hints, name = ''): unknown {
  for (const c of (name && hints.values(name)) || []) if (accepts(s, c)) return c;
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  for (const branch of s.anyOf ?? s.oneOf ?? []) {
    const v = example({ ...branch, nullable: s.nullable }, hints, name);
    if (v !== undefined && accepts(s, v)) return v;
  }
  if (s.allOf) return example(Object.assign({}, ...s.allOf) as JsonSchema, hints, name);
  const t = types(s)[0] ?? (s.properties ? 'object' : undefined);
  switch (t) {
    case 'integer':
    case 'number': {
      const integer = t === 'integer';
      let v = Math.max(1, lowerBound(s, integer) ?? 1);
      const hi = upperBound(s);
      if (hi !== undefined && v > hi) v = hi;
      return v;
    }
    case 'string': {
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'email') return 'x@example.com';
      if (s.pattern) return PATTERN_CANDIDATES.find((c) => accepts(s, c));
      return 'x'.repeat(Math.min(Math.max(1, s.minLength ?? 1), s.maxLength ?? Infinity));
    }
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : false;
    case 'array': {
      const n = Math.min(Math.max(1, s.minItems ?? 0), s.maxItems ?? Infinity);
      const item = s.items ? example(s.items, hints, singular(name)) : 'x';
      return item === undefined ? undefined : Array.from({ length: n }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, ps] of Object.entries(s.properties ?? {})) {
        if (!(s.required ?? []).includes(k) && !hints.include(k)) continue;
        const v = example(ps, hints, k);
        if (v === undefined) {
          if ((s.required ?? []).includes(k)) return undefined;
          continue;
        }
        out[k] = v;
      }
      return out;
    }
    default:
      return s.nullable ? null : undefined;
  }
}

/** `farmIds` -> `farmId`: array items take the hint of the singular name. */
function singular(name: string): string {
  return name.endsWith('Ids') ? name.slice(0, -1) : name.endsWith('s') ? name.slice(0, -1) : name;
}
