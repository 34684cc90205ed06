// Brotli copies of the client build's text files (issue 39 §5, ADR 068): build/client/**/x.js gets
// x.js.br beside it, written once at build time at brotli's best quality (11), which no server
// could afford per request. The web server sends the .br to a browser that takes br
// (app/server/precompressed.server.ts), the file itself otherwise (gzipped by the compression
// middleware). Files under 1 KB are left alone: one TCP packet either way.
// Usage: node scripts/precompress.mjs [dir]   (default build/client)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { ROOT } from './lib/build-if-needed.mjs';

/** What is worth compressing: text. Images (png, webp, jpg) and fonts (woff2) are compressed already. */
export const PRECOMPRESSED = /\.(?:m?js|css|svg|html|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'build/client'));
const started = Date.now();
let files = 0;
let before = 0;
let after = 0;
const walk = (/** @type {string} */ at) => {
  for (const entry of readdirSync(at, { withFileTypes: true })) {
    const file = path.join(at, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (PRECOMPRESSED.test(entry.name) && statSync(file).size >= MIN_BYTES) {
      const bytes = readFileSync(file);
      const br = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
      // A copy that saves nothing would only cost a lookup.
      if (br.length >= bytes.length) continue;
      writeFileSync(`${file}.br`, br);
      files++;
      before += bytes.length;
      after += br.length;
    }
  }
};
walk(dir);
console.log(
  `precompress: ${String(files)} files, ${(before / 1000).toFixed(0)} kB → ${(after / 1000).toFixed(0)} kB brotli in ${String(Date.now() - started)} ms`,
);
