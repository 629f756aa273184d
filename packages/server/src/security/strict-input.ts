import { accepts, type JsonSchema } from './json-schema.js';
import type { RouteInfo } from './world.js';
import type { BuiltRequest } from './requests.js';

/**
 * The bad inputs of the strict-input fuzz test (issue 16), derived for one route from its published
 * schema and a valid request: each case changes one body property, one query parameter or one path
 * parameter (or adds an unknown one) and names the field the refusal must name.
 */
export interface BadCase {
  what: string;
  method: RouteInfo['method'];
  url: string;
  payload?: unknown;
  /** The field the 99996 answer must name (null: the router refuses before any field is known). */
  field: string | null;
}

/** Text that no field accepts, as a JSON string. */
const BAD_TEXT: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['BEL', 'a\u0007b'],
  ['ESC', '\u001b[31m'],
  ['DEL', 'a\u007fb'],
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', '\uDC00'],
];
/** The same in a URL, percent-encoded as a browser or a script would send it. */
const BAD_URL_TEXT: [string, string][] = [
  ['NUL', 'a%00b'],
  ['BEL', 'a%07b'],
  ['tab', 'a%09b'],
  ['newline', 'a%0Ab'],
  ['lone surrogate (CESU)', 'a%ED%A0%80b'],
  ['invalid UTF-8', 'a%FFb'],
  ['truncated escape', 'a%E4%B8'],
];
/** Values of the wrong type, sent where the schema does not take them. */
const WRONG_TYPES: [string, unknown][] = [
  ['true', true],
  ['nested array', [[1]]],
  ['"-5"', '-5'],
  ['"lots"', 'lots'],
  ['object', { id: 1 }],
];
/** The same in a URL, where every value is text. */
const WRONG_URL_TYPES: [string, string][] = [
  ['true', 'true'],
  ['-5', '-5'],
  ['lots', 'lots'],
  ['1e3', '1e3'],
  ['0x10', '0x10'],
  ['1.5', '1.5'],
  ['[[1]]', '%5B%5B1%5D%5D'],
];
export const LONG = 'x'.repeat(51);

const isNumeric = (s: JsonSchema): boolean =>
  [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((f) => {
    const t = Array.isArray(f.type) ? f.type : [f.type];
    return t.includes('integer') || t.includes('number');
  });
const takesText = (s: JsonSchema): boolean =>
  [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((f) => (Array.isArray(f.type) ? f.type : [f.type]).includes('string'));

/** A body schema's properties, unions and intersections merged. */
function propertiesOf(s: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { ...(s.properties ?? {}) };
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) Object.assign(out, propertiesOf(b));
  return out;
}

function longerThanAllowed(s: JsonSchema): string {
  const caps = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((f) => f.maxLength).filter((n): n is number => n !== undefined);
  return caps.length === 0 ? LONG : 'x'.repeat(Math.max(...caps) + 1);
}

function withQuery(path: string, query: Record<string, string>, raw: string): string {
  const qs = new URLSearchParams(query).toString();
  const all = [qs, raw].filter((x) => x !== '').join('&');
  return all ? `${path}?${all}` : path;
}

export function badCases(route: RouteInfo, base: BuiltRequest): BadCase[] {
  const cases: BadCase[] = [];
  const path = base.url.split('?')[0]!;
  const payload = base.payload === undefined ? {} : { payload: base.payload };
  const url = (q: Record<string, string>, raw = ''): string => withQuery(path, q, raw);
  // Body: each top-level property in turn, and one unknown property.
  const body = base.payload;
  if (route.bodySchema && body && typeof body === 'object' && !Array.isArray(body)) {
    const send = (what: string, field: string, value: unknown): void => {
      cases.push({ what: `body ${field} ${what}`, method: route.method, url: base.url, payload: { ...body, [field]: value }, field });
    };
    for (const [name, schema] of Object.entries(propertiesOf(route.bodySchema))) {
      for (const [what, v] of BAD_TEXT) send(what, name, v);
      for (const [what, v] of WRONG_TYPES) if (!accepts(schema, v)) send(what, name, v);
      if (takesText(schema) || !accepts(schema, LONG)) send('over-long text', name, longerThanAllowed(schema));
    }
    send('unknown field', 'zzUnknown', 1);
  }
  // Query: each declared parameter in turn, one unknown parameter and one repeated parameter.
  const queryParams = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  for (const p of queryParams) {
    const others = { ...base.query };
    delete others[p.name];
    const name = encodeURIComponent(p.name);
    for (const [what, v] of BAD_URL_TEXT)
      cases.push({ what: `query ${p.name} ${what}`, method: route.method, url: url(others, `${name}=${v}`), ...payload, field: p.name });
    if (isNumeric(p.schema)) {
      for (const [what, v] of WRONG_URL_TYPES)
        cases.push({ what: `query ${p.name} ${what}`, method: route.method, url: url(others, `${name}=${v}`), ...payload, field: p.name });
    }
    if (takesText(p.schema)) {
      cases.push({
        what: `query ${p.name} over-long`,
        method: route.method,
        url: url(others, `${name}=${longerThanAllowed(p.schema)}`),
        ...payload,
        field: p.name,
      });
    }
    const v = encodeURIComponent(base.query[p.name] ?? '1');
    cases.push({
      what: `query ${p.name} repeated`,
      method: route.method,
      url: url(base.query, p.name in base.query ? `${name}=${v}` : `${name}=${v}&${name}=${v}`),
      ...payload,
      field: p.name,
    });
  }
  cases.push({
    what: 'query unknown parameter',
    method: route.method,
    url: url(base.query, 'zzUnknown=1'),
    ...payload,
    field: 'zzUnknown',
  });
  cases.push({
    what: 'query NUL in a parameter name',
    method: route.method,
    url: url(base.query, 'zz%00=1'),
    ...payload,
    field: 'zz\uFFFD',
  });
  // Path: each parameter in turn.
  const pathParams = (route.op.parameters ?? []).filter((p) => p.in === 'path');
  for (const p of pathParams) {
    const at = (v: string): string => {
      const filled = route.path.replace(/\{(\w+)\}/g, (_, n: string) => (n === p.name ? v : encodeURIComponent(base.params[n] ?? '')));
      return base.url.includes('?') ? `${filled}?${base.url.split('?')[1]}` : filled;
    };
    const all = [...BAD_URL_TEXT, ...(isNumeric(p.schema) ? WRONG_URL_TYPES : [])];
    for (const [what, v] of all) {
      // A path segment the router cannot decode is refused before any route (and field) is known.
      const undecodable = /%(ED|FF|E4%B8$)/.test(v) || v.endsWith('%E4%B8');
      cases.push({ what: `path ${p.name} ${what}`, method: route.method, url: at(v), ...payload, field: undecodable ? null : p.name });
    }
  }
  return cases;
}
