import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { acceptsEncoding } from './document-encoding.server.ts';

/**
 * The URL paths of build/client that have a brotli copy beside them (x.js → x.js.br, written by
 * scripts/precompress.mjs at build time): read once at start, so a request costs no disk lookup.
 */
export function brotliCopies(clientDir: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, url: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.map((e) => e.name));
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${url}${entry.name}/`);
      else if (entry.name.endsWith('.br') && names.has(entry.name.slice(0, -3)))
        found.add(`${url}${entry.name.slice(0, -3)}`);
    }
  };
  walk(clientDir, '/');
  return found;
}

/**
 * Sends a static file's brotli copy to a browser that takes br (ADR 068): the request is pointed
 * at x.br with the encoding and the original type set, and the static handler after this serves it
 * (it keeps a Content-Type already set; the compression middleware leaves an encoded body alone).
 * Mounted at the application's root, before the static handlers.
 */
export function serveBrotli(copies: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && copies.has(req.path)) {
      // A cache between the browser and this server keeps one copy per encoding.
      res.vary('Accept-Encoding');
      if (acceptsEncoding(req.headers['accept-encoding'], 'br')) {
        res.set('Content-Encoding', 'br');
        res.type(path.extname(req.path));
        req.url = `${req.path}.br${req.url.slice(req.path.length)}`;
      }
    }
    next();
  };
}
