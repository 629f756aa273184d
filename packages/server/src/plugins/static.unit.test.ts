import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFallback, registerStatic } from './static.js';

/** A console build in miniature: index.html and one hashed asset with its .br and .gz. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-static-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(dir, 'assets/index-AbC123.js'), script);
  writeFileSync(path.join(dir, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets/index-AbC123.js.gz'), gzipSync(script));
  app = Fastify();
  await registerStatic(app, dir);
  app.setNotFoundHandler(consoleFallback(dir, (_req, reply) => reply.code(404).send({ code: 99404 })));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('console static files', () => {
  it('sends hashed assets brotli-compressed when accepted, cached for a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates index.html on every visit, also when a console route falls back to it', async () => {
    for (const url of ['/index.html', '/pig/overview/shed']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>console</title>');
    }
  });

  it('answers HEAD on console routes like GET, and leaves API paths and other methods to the 404', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
  });
});
