import { gzipSync } from 'node:zlib';

/**
 * A rendered page is gzipped here, in one synchronous call, not by the compression middleware
 * (ADR 058): the middleware's zlib stream costs 0.25 ms of CPU for /home's 21 KB, mostly its
 * per-response stream and thread-pool round trip, against 0.09 ms for `gzipSync` of the same
 * bytes, and the page is whole by then.
 */
/** The gzip level of pages and of the compression middleware alike (ADR 025: zlib's 6 costs 70 % more CPU for 5 % fewer bytes). */
export const GZIP_LEVEL = 4;

/**
 * Whether an Accept-Encoding header takes `coding`: named (or `*`) with a q above 0, and not
 * refused by name. gzip also answers to its old name x-gzip.
 */
export function acceptsEncoding(header: string | null | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  const names = coding === 'gzip' ? ['gzip', 'x-gzip'] : [coding];
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const acceptable = Number.isFinite(weight) && weight > 0;
    if (names.includes(name.trim())) return acceptable;
    if (name.trim() === '*') star = acceptable;
  }
  return star;
}

/** Whether an Accept-Encoding header takes gzip. */
export const acceptsGzip = (header: string | null): boolean => acceptsEncoding(header, 'gzip');

/** The page's body as sent: gzipped when the browser takes gzip (the caller sets Content-Encoding from `encoding`). */
export function encodeDocument(
  html: string,
  acceptEncoding: string | null,
): { body: string | Uint8Array<ArrayBuffer>; encoding: 'gzip' | null } {
  if (!acceptsGzip(acceptEncoding)) return { body: html, encoding: null };
  const gzipped = gzipSync(html, { level: GZIP_LEVEL });
  // A copy the size of the page (a Buffer may sit in a larger shared pool, which a Response body must not expose).
  return { body: new Uint8Array(gzipped), encoding: 'gzip' };
}
