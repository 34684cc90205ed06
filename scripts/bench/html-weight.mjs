// What a page's HTML carries before its first paint (issue 39 §5), per route: the whole document
// gzipped (level 4, as sent) and brotli'd (quality 4), and the raw bytes of its three largest
// parts: the page's inline CSS (ADR 029), the strings-part URL list (ADR 030/054) and React Router's
// route manifest. Beside the bare React Router app's one page.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startBareApp } from './bare-app.mjs';
import { anonymous, memberWithMembership, signedInMember } from './routes.mjs';
import { kb } from './format.mjs';

export const WEIGHED = Object.freeze([
  { path: '/landing', access: anonymous },
  { path: '/login', access: anonymous },
  { path: '/home', access: signedInMember },
  { path: '/membership', access: signedInMember },
  { path: '/home/check-in', access: memberWithMembership },
  { path: '/inbody', access: signedInMember },
]);

const PHONE = {
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  Accept: 'text/html',
  'Accept-Encoding': 'identity',
};

/** The byte sizes of one HTML document and of its parts. @param {string} html */
export function weighHtml(html) {
  const bytes = Buffer.from(html);
  const size = (/** @type {RegExp} */ re) => [...html.matchAll(re)].reduce((n, m) => n + Buffer.byteLength(m[0]), 0);
  return {
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 4 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    css: size(/<style[^>]*id="page-css"[^>]*>[\s\S]*?<\/style>/g),
    stringsUrls: size(/\sdata-strings-src="[^"]*"/g),
    manifest: size(/window\.__reactRouterManifest\s*=\s*\{[\s\S]*?\};/g),
    context: size(/window\.__reactRouterContext\s*=[\s\S]*?<\/script>/g),
  };
}

/** @param {import('../lib/system.mjs').RunningSystem} system @param {(m: string) => void} log */
export async function weighRoutes(system, log) {
  const bare = await startBareApp();
  const rows = [];
  try {
    rows.push({
      path: 'bare React Router app',
      ...weighHtml(await (await fetch(bare.url, { headers: PHONE })).text()),
    });
  } finally {
    await bare.stop();
  }
  /** @type {Map<object, Record<string, string>>} */
  const sessions = new Map();
  for (const route of WEIGHED) {
    if (!sessions.has(route.access)) sessions.set(route.access, await route.access.headers(system));
    const res = await fetch(new URL(route.path, system.webUrl), {
      headers: { ...PHONE, ...sessions.get(route.access) },
      redirect: 'manual',
    });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${route.path} answered ${res.status}`);
    rows.push({ path: route.path, ...weighHtml(html) });
    log(`html: ${route.path} ${kb(rows.at(-1).gzip)} KB gz`);
  }
  return rows;
}

/** @param {Awaited<ReturnType<typeof weighRoutes>>} rows */
export const htmlTable = (rows) =>
  [
    '| page | HTML | gzip | brotli | inline CSS | strings-part URLs | route manifest | router context |',
    '|:--|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${kb(r.bytes)} KB | ${kb(r.gzip)} KB | ${kb(r.brotli)} KB | ${kb(r.css)} KB | ${kb(r.stringsUrls)} KB | ${kb(r.manifest)} KB | ${kb(r.context)} KB |`,
    ),
  ].join('\n');
