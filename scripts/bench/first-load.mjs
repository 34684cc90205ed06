// First-load JavaScript and CSS of a page, gzipped: what a cold visit downloads before the page is
// interactive, read from the server-rendered HTML and weighed from the built files in build/client.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/build-if-needed.mjs';

export const CLIENT_DIR = path.join(ROOT, 'build/client');

/**
 * The running server and build/ no longer agree: another process rebuilt (or is rebuilding)
 * build/ while the server ran, so the assets its pages name are gone. Restarting the system fixes it.
 */
export class BuildChanged extends Error {}

/** gzip -9 size of some bytes. */
export const gzSize = (/** @type {Buffer} */ bytes) => gzipSync(bytes, { level: 9 }).length;

/** @param {string} attrs the text between the tag name and `>` */
function parseAttrs(attrs) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const m of attrs.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** Static `import … from "x"`, `import "x"`, `export … from "x"` specifiers of (minified) module code. */
const staticImports = (/** @type {string} */ code) =>
  [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"'\n]+)["']/g)].map((m) => m[1]);

/** `import("x")` with a literal specifier. */
const dynamicImports = (/** @type {string} */ code) =>
  [...code.matchAll(/\bimport\(\s*["']([^"'\n]+)["']\s*\)/g)].map((m) => m[1]);

/**
 * The JS and CSS URLs a page's HTML makes the browser fetch at load.
 * JS: `<script type="module" src>`, `<link rel="modulepreload">`, the list of the deferred-modulepreloads
 * script (ADR 027), the modules the deferred module script imports, and the modules an inline module
 * script imports (React Router imports the route modules and the entry that way).
 * CSS: `<link rel="stylesheet">` (and, in measureFirstLoad, the sheets the page's JS loads).
 * @param {string} html
 * @param {string} pageUrl
 */
export function referencedAssets(html, pageUrl) {
  const js = new Set();
  const css = new Set();
  const abs = (/** @type {string} */ href) => new URL(href, pageUrl).href;
  // A <script> with its content, or a <link>.
  for (const m of html.matchAll(/<(script)\b([^>]*)>([\s\S]*?)<\/script\s*>|<(link)\b([^>]*)>/gi)) {
    const tag = (m[1] ?? m[4]).toLowerCase();
    const a = parseAttrs(m[2] ?? m[5]);
    if (tag === 'link') {
      const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload') && a.href) js.add(abs(a.href));
      if (rel.includes('stylesheet') && a.href) css.add(abs(a.href));
    } else if (a.id === 'deferred-modulepreloads') {
      // ADR 027: the page's modulepreloads, added by this script one frame after the first paint,
      // and the whole sheet the entry waits for (ADR 083).
      const list = /\[[^\]]*\]/.exec(m[3] ?? '');
      for (const href of list ? /** @type {string[]} */ (JSON.parse(list[0])) : [])
        (href.endsWith('.css') ? css : js).add(abs(href));
    } else if (a.id === 'deferred-module') {
      // ADR 027 (amended): React Router's module script, as a string this script runs after the first paint.
      const code = /s\.text=("(?:[^"\\]|\\.)*")/.exec(m[3] ?? '');
      const inline = code ? /** @type {string} */ (JSON.parse(code[1])) : '';
      for (const spec of [...staticImports(inline), ...dynamicImports(inline)]) js.add(abs(spec));
    } else if ((a.type ?? '').toLowerCase() === 'module') {
      if (a.src) js.add(abs(a.src));
      const inline = m[3] ?? '';
      for (const spec of [...staticImports(inline), ...dynamicImports(inline)]) js.add(abs(spec));
    } else if (a.src && !a.type) {
      js.add(abs(a.src));
    }
  }
  return { js: [...js], css: [...css] };
}

/**
 * Bytes of a same-origin asset: the built file under build/client when the URL maps to one,
 * otherwise what the server answers.
 * @param {string} url
 * @param {string} origin
 * @param {Record<string, string>} headers
 */
async function assetBytes(url, origin, headers) {
  const u = new URL(url);
  if (u.origin === origin) {
    const file = path.join(CLIENT_DIR, decodeURIComponent(u.pathname));
    if (file.startsWith(CLIENT_DIR + path.sep)) {
      try {
        return { bytes: await readFile(file), source: path.relative(ROOT, file) };
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
      }
    }
  }
  const res = await fetch(url, { headers: { ...headers, 'Accept-Encoding': 'identity' }, redirect: 'manual' });
  if (res.status !== 200) {
    await res.body?.cancel();
    const error = `${url} is not in build/client and the server answers ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}`;
    throw u.origin === origin ? new BuildChanged(error) : new Error(error);
  }
  return { bytes: Buffer.from(await res.arrayBuffer()), source: url };
}

/**
 * @typedef {object} AssetSize
 * @property {string} url
 * @property {string} source  the file (or URL) the bytes came from
 * @property {number} bytes
 * @property {number} gzip
 * @property {boolean} referenced  named by the HTML itself (false: reached only through a static import)
 */

/**
 * Fetches the page as a cold visitor would and weighs its first-load JS and CSS.
 * Each file counts once; static imports inside the JS are followed too (a file the HTML forgot to
 * preload still downloads), dynamic `import()`s inside the JS are not (they load on demand).
 * @param {string} pageUrl
 * @param {Record<string, string>} headers
 */
export async function measureFirstLoad(pageUrl, headers) {
  const res = await fetch(pageUrl, { headers, redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200) {
    throw new Error(
      `${pageUrl} answered ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}, not the page`,
    );
  }
  const { origin } = new URL(pageUrl);
  const refs = referencedAssets(html, pageUrl);

  /** @type {Map<string, AssetSize>} */
  const js = new Map();
  const queue = refs.js.map((url) => ({ url, referenced: true }));
  while (queue.length) {
    const { url, referenced } = /** @type {{ url: string, referenced: boolean }} */ (queue.shift());
    if (js.has(url)) continue;
    let asset;
    try {
      asset = await assetBytes(url, origin, headers);
    } catch (error) {
      // A "from '…'" look-alike inside a string literal of minified code is no import.
      if (!referenced) continue;
      throw error;
    }
    const { bytes, source } = asset;
    js.set(url, { url, source, bytes: bytes.length, gzip: gzSize(bytes), referenced });
    // Vite writes chunk imports as relative paths to .js files.
    for (const spec of staticImports(bytes.toString('utf8'))) {
      if (/^\.{1,2}\/[^?#]+\.m?js$/.test(spec)) queue.push({ url: new URL(spec, url).href, referenced: false });
    }
  }
  // ADR 029: the page inlines its own rules and the entry loads the whole sheet before hydrating:
  // a stylesheet URL written in the page's JS downloads on every first visit too.
  const sheetsInJs = new Set();
  for (const asset of js.values()) {
    const code = (await assetBytes(asset.url, origin, headers)).bytes.toString('utf8');
    for (const m of code.matchAll(/["'`](\/assets\/[\w.-]+\.css)["'`]/g)) sheetsInJs.add(new URL(m[1], pageUrl).href);
  }
  /** @type {AssetSize[]} */
  const css = [];
  for (const url of new Set([...refs.css, ...sheetsInJs])) {
    const { bytes, source } = await assetBytes(url, origin, headers);
    css.push({ url, source, bytes: bytes.length, gzip: gzSize(bytes), referenced: true });
  }
  const sum = (/** @type {AssetSize[]} */ list, /** @type {'bytes' | 'gzip'} */ key) =>
    list.reduce((n, a) => n + a[key], 0);
  const jsList = [...js.values()];
  const htmlBytes = Buffer.from(html);
  return {
    js: { files: jsList, bytes: sum(jsList, 'bytes'), gzip: sum(jsList, 'gzip') },
    css: { files: css, bytes: sum(css, 'bytes'), gzip: sum(css, 'gzip') },
    html: { bytes: htmlBytes.length, gzip: gzSize(htmlBytes) },
    /** JS reached through a static import that the HTML does not preload: a request waterfall. */
    notPreloaded: jsList.filter((a) => !a.referenced).map((a) => a.url),
  };
}
