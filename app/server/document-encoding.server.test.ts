import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { acceptsGzip, encodeDocument } from './document-encoding.server.ts';

describe('acceptsGzip', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip;q=0.000, *', false],
    ['br, *;q=0', false],
    ['deflate, br', false],
    ['gzip;q=abc', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
  test('no header: not gzipped', () => expect(acceptsGzip(null)).toBe(false));
});

describe('encodeDocument', () => {
  const html = `<!DOCTYPE html><html lang="vi"><body>${'<p>Khỏe hơn mỗi ngày</p>'.repeat(200)}</body></html>`;
  test('gzip when taken: the same bytes back, smaller', () => {
    const { body, encoding } = encodeDocument(html, 'gzip, br');
    expect(encoding).toBe('gzip');
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 5);
    expect(gunzipSync(body).toString('utf8')).toBe(html);
  });
  test('the page as it is otherwise', () => {
    expect(encodeDocument(html, 'identity')).toEqual({ body: html, encoding: null });
    expect(encodeDocument(html, null)).toEqual({ body: html, encoding: null });
  });
});
