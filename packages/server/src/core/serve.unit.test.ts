import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, FILE_ANSWER, noAnswer } from '@farmsense/shared';
import { registerEnvelope } from '../plugins/envelope.js';
import { router } from './serve.js';

const item = endpoint({
  method: 'GET',
  path: '/t/item/:id',
  summary: 'one item',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ full: z.enum(['0', '1']).default('0') }),
  answer: z.object({ id: z.number(), name: z.string() }),
});
const broken = endpoint({ method: 'POST', path: '/t/broken', summary: 'answers off-contract', answer: z.object({ n: z.number() }) });
const nothing = endpoint({ method: 'DELETE', path: '/t/nothing', summary: 'no data', answer: noAnswer });
const file = endpoint({ method: 'GET', path: '/t/file', summary: 'a file', answer: FILE_ANSWER });

describe('typed endpoint contracts on the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerEnvelope(app);
    const serve = router(app, { tags: ['t'] });
    serve(item, async ({ params, query }) => ({ id: params.id, name: query.full === '1' ? 'full' : 'short', extra: 'not in contract' }));
    // The cast stands for a handler bug the type system would catch: the answer is off-contract.
    serve(broken, async () => ({ n: 'seven' }) as unknown as { n: number });
    serve(nothing, async () => null);
    serve(file, async () => ({ file: Buffer.from('abc'), filename: 'Ферма 1.xlsx', mime: 'application/octet-stream' }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('validates params and query, and answers the contract shape in the envelope (unknown fields dropped)', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/t/item/7?full=1' });
    expect(ok.json()).toMatchObject({ code: 1, data: { id: 7, name: 'full' } });
    expect(ok.json().data).not.toHaveProperty('extra');
    const bad = await app.inject({ method: 'GET', url: '/api/t/item/-3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(99996);
  });

  it('refuses to send an answer that breaks its contract (500, service error), never a silent change', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/t/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 99998, data: null });
  });

  it('answers null data for a no-data endpoint and a file with its UTF-8 name', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/t/nothing' })).json()).toMatchObject({ code: 1, data: null });
    const f = await app.inject({ method: 'GET', url: '/api/t/file' });
    expect(f.body).toBe('abc');
    expect(f.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Ферма 1.xlsx')}`);
  });
});
