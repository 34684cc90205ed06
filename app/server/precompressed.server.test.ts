import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptsEncoding } from './document-encoding.server.ts';
import { brotliCopies, serveBrotli } from './precompressed.server.ts';

describe('acceptsEncoding br', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['BR', true],
    ['*', true],
    ['gzip, deflate', false],
    ['br;q=0', false],
    ['gzip, *;q=0', false],
    ['br;q=0, *', false],
    ['', false],
  ])('%j → %s', (header, expected) => expect(acceptsEncoding(header, 'br')).toBe(expected));
});

describe('serveBrotli', () => {
  const script = `export const text = ${JSON.stringify('Khỏe hơn mỗi ngày '.repeat(200))};\n`;
  let dir: string;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/app-1a2b.js'), script);
    writeFileSync(path.join(dir, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets/plain-3c4d.js'), script);
    // A .br whose file is gone is no copy.
    writeFileSync(path.join(dir, 'assets/orphan.js.br'), brotliCompressSync(script));
    const app = express();
    app.use(serveBrotli(brotliCopies(dir)));
    app.use('/assets', express.static(path.join(dir, 'assets')));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the copies found are the files with a .br beside them', () => {
    expect([...brotliCopies(dir)]).toEqual(['/assets/app-1a2b.js']);
  });

  // node's fetch decodes br itself: the raw bytes are read through a request that asks for none.
  const get = async (url: string, acceptEncoding: string, method = 'GET') => {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${base}${url}`, { method, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
  };

  test('a browser that takes br gets the brotli copy, typed as the file', async () => {
    const res = await get('/assets/app-1a2b.js?v=1', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(script);
  });

  test('a browser that does not take br gets the file itself', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'identity']) {
      const res = await get('/assets/app-1a2b.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString('utf8')).toBe(script);
    }
  });

  test('a file without a copy, and HEAD', async () => {
    const plain = await get('/assets/plain-3c4d.js', 'br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
    const head = await get('/assets/app-1a2b.js', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});
