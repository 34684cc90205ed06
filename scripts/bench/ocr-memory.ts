// `npm run bench:ocr -- --memory` (bundled and run by ocr.mjs), issue 36 §7: the gateway's memory
// at rest on PostgreSQL. A throw-away PostgreSQL server, the gateway as it is deployed (its own
// process, sandbox providers), one member who sends one sheet photo; the gateway's resident memory
// (VmRSS) is sampled after start, while the photo is read (every 0.2 s), and past the OCR pool's
// idle stop (30 s), when no photo came in the last minute.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { INBODY_IMAGE_FIELD } from '#api/inbody-fields.ts';
import { randomTruth } from '#tests/support/inbody-sheet.ts';
import { findPostgresBin, startPostgresServer } from '#tests/support/postgres-server.ts';
import { photograph } from '#tests/support/sheets/camera.ts';
import { magickSheetPng } from '#tests/support/sheets/magick-sheet.ts';

const [server] = process.argv.slice(2);
const bin = findPostgresBin();
if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin)');
const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address() as { port: number };
    s.close(() => resolve(p));
  });
});
const pg = await startPostgresServer(bin);
const secret = randomBytes(32).toString('hex');
const gateway = spawn(process.execPath, [server], {
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: pg.url,
    SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    GATEWAY_INTERNAL_SECRET: secret,
    DATA_DIR: path.join(path.dirname(server), 'data'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const rssOf = (pid: string) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // gone meanwhile
  }
};
// The gateway and its child processes (ADR 086: the second engine runs in one while the OCR pool runs).
let lastChildren = 0;
const rssMb = () => {
  const pid = String(gateway.pid);
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // no children file: none counted
  }
  lastChildren = children.length;
  return rssOf(pid) + children.reduce((sum, child) => sum + rssOf(child), 0);
};
const base = `http://127.0.0.1:${String(port)}`;
const call = async (method: string, url: string, init: { json?: unknown; body?: FormData; token?: string } = {}) => {
  const headers: Record<string, string> = { 'x-client-ip': '198.51.100.7', 'x-internal-secret': secret };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  return (await res.json()) as { code: number; data: Record<string, string> & { 0?: { text: string } } };
};
const rows: [string, string][] = [];
try {
  for (let i = 0; ; i++) {
    if (gateway.exitCode !== null) throw new Error('the gateway exited while starting');
    if (i > 1200) throw new Error('the gateway did not become ready in 120 s');
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  rows.push(['ready', rssMb().toFixed(0)]);
  await sleep(10_000);
  rows.push(['10 s after ready, no photo yet', rssMb().toFixed(0)]);

  const phone = `0100${String(700_000 + Math.floor(Math.random() * 99_999)).padStart(6, '0')}`;
  await call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } });
  const sms = await call('GET', `/sandbox/sms?phone=${phone}`);
  const otp = /\b(\d{4})\b/.exec(String(sms.data[0]?.text))?.[1];
  const login = await call('POST', '/api/v1/auth/otp/login', { json: { phoneNumber: phone, otp } });
  const reg = await call('POST', '/api/v1/auth/register', {
    json: { phoneNumber: phone, verifyToken: login.data.verifyToken, fullName: 'Bench Memory' },
  });
  const token = String(reg.data.token);

  const seed = 4242;
  const photo = await photograph(await magickSheetPng(randomTruth(seed), '570', 'vi', seed % 97), 'clean', seed);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 200);
  const form = new FormData();
  form.set(INBODY_IMAGE_FIELD, new Blob([new Uint8Array(photo.jpeg)], { type: 'image/jpeg' }), 'sheet.jpg');
  const started = Date.now();
  // As the web server does when an upload begins (ADR 085): both engines' threads start (ADR 086).
  await call('POST', '/api/v1/member/inbody/prepare', { token });
  const detected = await call('POST', '/api/v1/member/inbody/detect', { token, body: form });
  clearInterval(sampler);
  rows.push([
    `reading one photo (answer ${String(detected.code)} in ${((Date.now() - started) / 1000).toFixed(1)} s), peak`,
    peak.toFixed(0),
  ]);
  let waited = 0;
  for (const seconds of [30, 50, 60, 70, 90]) {
    await sleep((seconds - waited) * 1000);
    waited = seconds;
    const mb = rssMb().toFixed(0);
    rows.push([`${String(seconds)} s after the photo's answer (${String(lastChildren)} child processes)`, mb]);
  }
} finally {
  gateway.kill('SIGTERM');
  await new Promise((resolve) => gateway.once('exit', resolve));
  await pg.close();
}
console.log(
  '\nGateway memory on PostgreSQL (VmRSS of the gateway process and its children; the OCR pool stops after 30 s idle)\n',
);
console.log('| moment | RSS, MB |\n|---|---|');
for (const [moment, mb] of rows) console.log(`| ${moment} | ${mb} |`);
