import { describe, expect, it } from 'vitest';
import { accepts, example, type Hints, type JsonSchema } from './json-schema.js';

const none: Hints = { values: () => undefined, include: () => false };

describe('json-schema example and accepts', () => {
  it('builds the minimal valid value: required properties, first enum, lower bounds, minimum lengths and sizes', () => {
    const s: JsonSchema = {
      type: 'object',
      required: ['id', 'name', 'kind', 'tags', 'when'],
      properties: {
        id: { type: 'integer', minimum: 0, exclusiveMinimum: true },
        name: { type: 'string', minLength: 3, maxLength: 50 },
        kind: { type: 'string', enum: ['temp', 'rh'] },
        tags: { type: 'array', minItems: 2, items: { type: 'integer', minimum: 5 } },
        when: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 40 }] },
        optional: { type: 'string' },
      },
    };
    const v = example(s, none);
    expect(v).toEqual({ id: 1, name: 'xxx', kind: 'temp', tags: [5, 5], when: 1 });
    expect(accepts(s, v)).toBe(true);
  });

  it('takes hinted values the schema accepts, and sends hinted optional properties', () => {
    const hints: Hints = { values: (n) => (n === 'farmId' ? [7, [7], '7'] : undefined), include: (n) => n === 'farmId' };
    expect(example({ type: 'object', properties: { farmId: { type: 'integer' } } }, hints)).toEqual({ farmId: 7 });
    expect(example({ type: 'object', properties: { farmId: { type: 'array', items: { type: 'integer' } } } }, hints)).toEqual({
      farmId: [7],
    });
    expect(example({ type: 'object', properties: { farmId: { type: 'string', pattern: '^\\d+$' } } }, hints)).toEqual({ farmId: '7' });
  });

  it('refuses wrong types, bounds, lengths, patterns, missing required and nulls unless nullable', () => {
    const s: JsonSchema = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string', maxLength: 2, pattern: '^[a-z]+$' }, b: { type: 'integer', maximum: 3, nullable: true } },
    };
    expect(accepts(s, { a: 'ab' })).toBe(true);
    expect(accepts(s, { a: 'ab', b: null })).toBe(true);
    for (const bad of [{}, { a: 'abc' }, { a: 'A' }, { a: 1 }, { a: null }, { a: 'ab', b: 4 }, { a: 'ab', b: 1.5 }, [], 'x'])
      expect(accepts(s, bad)).toBe(false);
  });
});
