import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { del, get, idAnswer, noAnswer, pageOf, post, put, resource } from './contract.js';

const params = z.strictObject({ id: z.number() });
const row = z.object({ id: z.number(), name: z.string() });
const query = z.object({ pageNo: z.number() });
const addBody = z.object({ name: z.string() });
const updateBody = z.object({ id: z.number(), name: z.string() });

describe('resource', () => {
  const api = resource('group', '/x/group', {
    params,
    row,
    page: { summary: 'Paged groups', query },
    detail: 'One group',
    add: { summary: 'Adds a group', body: addBody },
    update: { summary: 'Edits a group', body: updateBody, answer: idAnswer },
    remove: 'Deletes a group',
  });

  it('declares each call as get/post/put/del would, under its prefixed name', () => {
    expect(Object.keys(api)).toEqual(['groupPage', 'groupDetail', 'groupAdd', 'groupUpdate', 'groupRemove']);
    expect(api.groupPage).toMatchObject({ method: 'GET', path: '/x/group/page', summary: 'Paged groups', query });
    expect(api.groupDetail).toEqual(get('/x/group/:id', 'One group', { params, answer: row }));
    expect(api.groupAdd).toEqual(post('/x/group', 'Adds a group', { body: addBody, answer: idAnswer }));
    expect(api.groupUpdate).toEqual(put('/x/group', 'Edits a group', { body: updateBody, answer: idAnswer }));
    expect(api.groupRemove).toEqual(del('/x/group/:id', 'Deletes a group', { params, answer: noAnswer }));
  });

  it('keeps the literal types of the parts', () => {
    expectTypeOf(api.groupPage).toEqualTypeOf(get('/x', '', { query, answer: pageOf(row) }));
    expectTypeOf(api.groupDetail).toEqualTypeOf(get('/x', '', { params, answer: row }));
    expectTypeOf(api.groupAdd).toEqualTypeOf(post('/x', '', { body: addBody, answer: idAnswer }));
    expectTypeOf(api.groupUpdate).toEqualTypeOf(put('/x', '', { body: updateBody, answer: idAnswer }));
    expectTypeOf(api.groupRemove).toEqualTypeOf(del('/x', '', { params, answer: noAnswer }));
  });

  it('declares only the calls given, unprefixed without a prefix', () => {
    const some = resource('', '/x/meal', { row, page: { summary: 'Paged meals', query }, update: { summary: 'Edits', body: updateBody } });
    expect(Object.keys(some)).toEqual(['page', 'update']);
    expect(some.update.answer).toBe(noAnswer);
    expectTypeOf(some).toEqualTypeOf<{ page: typeof some.page; update: typeof some.update }>();
  });

  it('declares the named paths of the older SPEC §7 resources, detail by query and page by body when given', () => {
    const detailQuery = z.strictObject({ id: z.number() });
    const named = resource('', '/x/farm', {
      paths: 'named',
      params,
      row,
      page: { summary: 'Paged farms', body: query },
      detail: { summary: 'One farm', query: detailQuery },
      add: { summary: 'Adds a farm', body: addBody },
      update: { summary: 'Edits a farm', body: updateBody },
      remove: 'Deletes a farm',
    });
    expect(named.page).toMatchObject({ method: 'POST', path: '/x/farm/page', summary: 'Paged farms', body: query });
    expect(named.detail).toEqual(get('/x/farm/detail', 'One farm', { query: detailQuery, answer: row }));
    expect(named.add).toEqual(post('/x/farm/add', 'Adds a farm', { body: addBody, answer: idAnswer }));
    expect(named.update).toEqual(put('/x/farm/update', 'Edits a farm', { body: updateBody, answer: noAnswer }));
    expect(named.remove).toEqual(del('/x/farm/delete/:id', 'Deletes a farm', { params, answer: noAnswer }));
    expectTypeOf(named.page).toEqualTypeOf(post('/x', '', { body: query, answer: pageOf(row) }));
    expectTypeOf(named.detail).toEqualTypeOf(get('/x', '', { query: detailQuery, answer: row }));
    expectTypeOf(named.remove).toEqualTypeOf(del('/x', '', { params, answer: noAnswer }));
  });

  it('refuses a call without the schema it needs', () => {
    // @ts-expect-error -- detail needs params
    expect(() => resource('', '/x/plan', { row, detail: 'One plan' })).toThrow('resource /x/plan: params is missing');
    expect(() => resource('', '/x/plan', { row, detail: { summary: 'One plan', query } })).not.toThrow();
  });
});
