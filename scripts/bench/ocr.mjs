// npm run bench:ocr (issue 14): the InBody sheet reader's accuracy and speed on generated phone
// photos of 270/570 sheets in English and Vietnamese, graded clean, mild and hard. Bundles
// ocr-run.ts (the gateway's own reader) and runs it. Usage: npm run bench:ocr [-- --per 8 --part unseen|tuning|validation
// --categories clean,mild,hard --readers new,tess,old --cache DIR --failures --times],
// --phone 2400:0.85: the photo shrunk as the phone sends it, long side and JPEG quality (default: the app's 1800:0.85; 1800:0.85:webp for a WebP);
// --memory: the gateway's memory at rest on a throw-away PostgreSQL; or one photo step by step: npm run bench:ocr -- --show hard 570 en 1083;
// --pages [--part tuning|validation --per 16 --cache DIR]: the page finder alone against the photos' true corners (ocr-pages.ts)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../lib/build-if-needed.mjs';
import { bundleForNode } from '../lib/bundle-node.mjs';

const outdir = path.join(ROOT, 'build/bench-ocr');
const [first, ...rest] = process.argv.slice(2);
// --memory: the gateway's memory at rest on PostgreSQL (ocr-memory.ts), the gateway bundled beside it.
await bundleForNode(
  first === '--memory'
    ? { memory: 'scripts/bench/ocr-memory.ts', server: 'gateway/server.ts' }
    : { run: 'scripts/bench/ocr-run.ts', show: 'scripts/bench/ocr-show.ts', pages: 'scripts/bench/ocr-pages.ts' },
  outdir,
);
const [entry, args] =
  first === '--show'
    ? ['show.js', rest]
    : first === '--memory'
      ? ['memory.js', [path.join(outdir, 'server.js')]]
      : first === '--pages'
        ? ['pages.js', process.argv.slice(2)]
        : ['run.js', process.argv.slice(2)];
const child = spawn(process.execPath, [path.join(outdir, entry), ...args], { stdio: 'inherit', cwd: ROOT });
child.on('exit', (code) => process.exit(code ?? 1));
