import fc from 'fast-check';
import { accepts, type JsonSchema } from './json-schema.js';

/**
 * Malformed request bodies derived from a route's published JSON schema: each one breaks the
 * schema in at least one place (a property of the wrong type, a required property missing or
 * null, a string over its maximum length or of 10 kB, deeply nested junk, an array or a scalar
 * where an object belongs), optionally with noise on top (extra huge or nested properties).
 * Every candidate is checked against the schema, so a body the document allows is never sent.
 */

/**
 * Values of the wrong type for most schemas. Booleans and numeric strings are left out on
 * purpose: ids in query strings are coerced from text, and `Number(true)` is 1.
 */
const JUNK: unknown[] = [{}, { junk: { deeper: [1, 'x'] } }, 'zz not valid', ['zz'], -1.5];
const UNITS = fc.constantFrom('a', 'Z', '7', '字', 'é');
const HUGE = 'h'.repeat(10 * 1024);

type Mutation = (body: Record<string, unknown>) => unknown;

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { n: v } : [v];
  return v;
}

const deepArb = fc.integer({ min: 16, max: 64 }).map(deep);

/** The largest maxLength among the string forms a property allows (undefined: none). */
function maxLengthOf(s: JsonSchema): number | undefined {
  const forms = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  const caps = forms.map((f) => f.maxLength).filter((n): n is number => n !== undefined);
  return caps.length > 0 ? Math.max(...caps) : undefined;
}

const set =
  (k: string, v: unknown): Mutation =>
  (b) => ({ ...b, [k]: v });

function propertyMutations(schema: JsonSchema): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  const props = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((k) => schema.properties?.[k]);
  for (const [k, ps] of props) {
    const wrong = JUNK.filter((v) => !accepts(ps, v));
    if (wrong.length > 0) out.push(fc.constantFrom(...wrong).map((v) => set(k, v)));
    out.push(deepArb.filter((v) => !accepts(ps, v)).map((v) => set(k, v)));
    const max = maxLengthOf(ps);
    if (max !== undefined && max < HUGE.length) {
      out.push(
        fc
          .string({ unit: UNITS, minLength: max + 1, maxLength: max + 20 })
          .filter((v) => !accepts(ps, v))
          .map((v) => set(k, v)),
      );
      out.push(fc.constant(set(k, HUGE)));
    }
    // Inside arrays: a wrong item (of objects: a wrong property of the first item).
    if (ps.items) {
      const items = ps.items;
      const badItems = JUNK.filter((v) => !accepts(items, v));
      if (badItems.length > 0) out.push(fc.constantFrom(...badItems).map((v) => set(k, [v])));
      for (const [ik, is] of Object.entries(items.properties ?? {})) {
        const wrongInner = JUNK.filter((v) => !accepts(is, v));
        if (wrongInner.length > 0) out.push(fc.constantFrom(...wrongInner).map((v): Mutation => (b) => ({ ...b, [k]: [{ [ik]: v }] })));
      }
    }
  }
  if (required.length > 0) {
    out.push(
      fc.constantFrom(...required).map((k): Mutation => (b) => {
        const copy = { ...b };
        delete copy[k];
        return copy;
      }),
    );
    const notNullable = required.filter((k) => !accepts(schema.properties![k]!, null));
    if (notNullable.length > 0) out.push(fc.constantFrom(...notNullable).map((k) => set(k, null)));
  }
  return out;
}

/** Whole-body replacements: an array where an object belongs, scalars, deep nesting. */
function bodyMutations(schema: JsonSchema): fc.Arbitrary<Mutation>[] {
  const candidates: fc.Arbitrary<Mutation>[] = [
    fc.constant((b: Record<string, unknown>) => [b]),
    fc.constant(() => []),
    fc.constantFrom<unknown>('just a string', 12345, -1.5).map(
      (v): Mutation =>
        () =>
          v,
    ),
    deepArb.map((v): Mutation => () => [v]),
  ];
  return candidates.map((arb) => arb.filter((m) => !accepts(schema, m({}))));
}

const noiseArb = fc.record({
  [`x_${'n'.repeat(8)}`]: fc.constant(HUGE),
  nestedJunk: deepArb,
});

/** Bodies that violate `schema`, built on the valid `base`. */
export function malformedBodies(schema: JsonSchema, base: unknown): fc.Arbitrary<unknown> {
  const start = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const mutations = [...propertyMutations(schema), ...bodyMutations(schema)];
  return fc
    .tuple(fc.oneof(...mutations), fc.option(noiseArb, { freq: 3 }))
    .map(([mutate, noise]) => {
      const body = mutate(structuredClone(start));
      return noise && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...noise } : body;
    })
    .filter((body) => !accepts(schema, body));
}
