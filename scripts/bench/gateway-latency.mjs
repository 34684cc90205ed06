// Gateway latency of the purchase path under load: p50/p95/p99 of
//   GET  /readyz                                       (the baseline: a bare handler, one `select 1` through the same pool)
//   GET  /api/v1/global/club/{clubId}/payment-plans   (anonymous, signed in, with a coupon)
//   GET  /api/v1/member/contracts                      (the member's contracts)
//   GET  /api/v1/member/shell                          (every signed-in page's frame: profile, unread count, gift)
//   GET  /api/v1/member/home                           (a signed-in /home: the shell and the header card's contracts)
//   POST /api/v1/member/contract                       (bank QR; every request a new contract)
//   GET  /api/v1/global/classes?clubId=                 (a club's class timetable of today, with the member's bookings)
//   POST /api/v1/staff/check-in                         (a door scan of a fresh code: each member once, pass-back allows no more)
// with 50 requests in flight at once, 10 rounds, the reads taking turns round by round in the same run
// (the machine is shared: compare each figure with the baseline beside it). It bundles the gateway, starts it on a
// fresh PGlite folder in the system temp directory, or on a fresh database of the PostgreSQL server
// given by BENCH_DATABASE_URL (created and dropped here), with the sandbox providers, signs members up
// through the API, and stops everything afterwards.
// With --members N (PostgreSQL only: the bench writes the filler rows straight into its database),
// the member reads are timed again after N other members, each with a contract and a notification,
// are added: their latency must not grow with the data (issue 18).
// Usage: [BENCH_DATABASE_URL=postgres://user@host:port/postgres] node scripts/bench/gateway-latency.mjs [--concurrency 50] [--rounds 10] [--members 100000] [--profile DIR (a V8 CPU profile of the gateway and marks.json, each timed wave's window)]
import { createHmac, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ROOT } from '../lib/build-if-needed.mjs';
import { bundleForNode } from '../lib/bundle-node.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CONCURRENCY = arg('concurrency', 50);
const ROUNDS = arg('rounds', 10);
const MEMBERS = arg('members', 0);
// --profile DIR: the gateway writes a V8 CPU profile there (summarize with scripts/bench/profile-summary.mjs).
const PROFILE_DIR = process.argv.includes('--profile')
  ? path.resolve(process.argv[process.argv.indexOf('--profile') + 1])
  : null;
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const log = (message) => process.stderr.write(`${message}\n`);
// Each timed wave's window on the monotonic clock V8 stamps profile samples with (µs), so that
// `profile-summary.mjs --marks=DIR/marks.json --phase=contracts` reads one endpoint's share alone.
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
/** @type {{ phase: string, from: number, to: number }[]} */
const phaseMarks = [];

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function bundleGateway() {
  const outdir = path.join(ROOT, 'build/bench-gateway');
  await bundleForNode({ server: 'gateway/server.ts' }, outdir);
  return path.join(outdir, 'server.js');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (name, samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (ms) => `${ms.toFixed(1)} ms`;
  return `| ${name} | ${String(sorted.length)} | ${f(percentile(sorted, 50))} | ${f(percentile(sorted, 95))} | ${f(percentile(sorted, 99))} | ${f(sorted.at(-1))} |`;
};

/**
 * N more members, each with a copy of a bench member's first contract and notification (every
 * other column as it is), written in a few statements; returns the number of accounts after.
 */
async function addFillerMembers(databaseUrl, n) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into accounts (phone_number, account_type, full_name)
       select '0188' || lpad(g::text, 7, '0'), 'MEMBER', 'Filler ' || g from generate_series(1, $1::int) g`,
      [n],
    );
    // Copies one row of a table for every filler account, all columns but the id and the account;
    // a table whose id is random hex (notifications) gets new random ids.
    const copy = async (table, newId) => {
      const { rows } = await client.query(
        `select string_agg(quote_ident(column_name), ', ') as cols from information_schema.columns
         where table_schema = 'public' and table_name = $1 and column_name not in ('id', 'account_id')`,
        [table],
      );
      const cols = rows[0].cols;
      await client.query(
        `insert into ${table} (${cols}, account_id${newId ? ', id' : ''})
         select ${cols
           .split(', ')
           .map((c) => `t.${c}`)
           .join(', ')}, a.id${newId ? `, ${newId}` : ''}
         from (select * from ${table} order by id limit 1) t
         cross join (select id from accounts where phone_number like '0188%') a`,
      );
    };
    await copy('contracts');
    await copy('notifications', 'md5(random()::text || a.id)');
    await client.query('analyze');
    return (await client.query('select count(*)::int as n from accounts')).rows[0].n;
  } finally {
    await client.end();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  log('bundling the gateway…');
  const server = await bundleGateway();
  // The bench calls as the web server does: the member address with the shared secret beside it.
  const internalSecret = randomBytes(32).toString('hex');
  const env = {
    ...process.env,
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    GATEWAY_INTERNAL_SECRET: internalSecret,
  };
  delete env.DATABASE_URL;
  const pgServer = process.env.BENCH_DATABASE_URL;
  const benchDb = pgServer ? `bench_${randomBytes(4).toString('hex')}` : null;
  const admin = pgServer ? new pg.Client({ connectionString: pgServer }) : null;
  if (admin && benchDb) {
    await admin.connect();
    await admin.query(`create database ${benchDb}`);
    const url = new URL(pgServer);
    url.pathname = `/${benchDb}`;
    env.DATABASE_URL = url.href;
  }
  const databaseName = benchDb ? 'PostgreSQL' : 'PGlite';
  const child = spawn(
    process.execPath,
    [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), server],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('the gateway exited while starting');
      if (i > 600) throw new Error('the gateway did not become ready in 60 s');
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }

    const call = async (method, url, { json, token, ip = '203.0.113.9' } = {}) => {
      const headers = { 'x-client-ip': ip, 'x-internal-secret': internalSecret };
      if (token) headers.authorization = `Bearer ${token}`;
      if (json !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const res = await fetch(`${base}${url}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const body = await res.json();
      return { status: res.status, body, ms: performance.now() - started };
    };

    /** A member signed up through the API (OTP from the sandbox outbox); their token. */
    const signUp = async (phone, i) => {
      const ip = `198.51.100.${String(1 + (i % 250))}`;
      await call('POST', '/api/v1/auth/otp/send', { ip, json: { phoneNumber: phone } });
      const sms = await call('GET', `/sandbox/sms?phone=${phone}`);
      const otp = /\b(\d{4})\b/.exec(sms.body.data[0].text)[1];
      const login = await call('POST', '/api/v1/auth/otp/login', { ip, json: { phoneNumber: phone, otp } });
      const reg = await call('POST', '/api/v1/auth/register', {
        ip,
        json: { phoneNumber: phone, verifyToken: login.body.data.verifyToken, fullName: `Bench ${String(i)}` },
      });
      if (reg.body.code !== 1003) throw new Error(`sign-up failed: ${JSON.stringify(reg.body)}`);
      return reg.body.data.token;
    };

    log(`signing up ${String(CONCURRENCY)} members…`);
    const members = [];
    for (let i = 0; i < CONCURRENCY; i++) members.push(await signUp(`0100${String(900_000 + i)}`, i));

    const clubs = (await call('GET', '/api/v1/general/clubs')).body.data.map((c) => c.id);
    const planOf = new Map();
    for (const id of clubs)
      planOf.set(id, (await call('GET', `/api/v1/global/club/${String(id)}/payment-plans`)).body.data[3].id);

    const wave = async (requests) => {
      const results = await Promise.all(requests.map((r) => r()));
      const bad = results.filter((r) => r.status !== 200);
      if (bad.length > 0) throw new Error(`${String(bad.length)} requests failed, e.g. ${JSON.stringify(bad[0].body)}`);
      return results;
    };

    /**
     * Each endpoint's waves of CONCURRENCY requests, taken in turns (readyz, plans, contracts…, then
     * again), after one untimed wave each: the untimed wave warms what every long-running gateway
     * has warm (the JIT, prepared statements on each pooled connection, ADR 026), and taking turns
     * gives every endpoint the same share of this shared machine's changing speed, so their ratio
     * to /readyz means something.
     * @param {Record<string, (round: number) => (() => Promise<{ ms: number, status: number, body: any }>)[]>} endpoints
     */
    const timedInTurns = async (endpoints) => {
      const names = Object.keys(endpoints);
      log(
        `${names.join(', ')}: ${String(ROUNDS)} rounds × ${String(CONCURRENCY)} in flight each, in turns, after one untimed round…`,
      );
      for (const name of names) await wave(endpoints[name](ROUNDS));
      /** @type {Record<string, number[]>} */
      const samples = Object.fromEntries(names.map((name) => [name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of names) {
          const from = monotonicMicros();
          samples[name].push(...(await wave(endpoints[name](round))).map((r) => r.ms));
          phaseMarks.push({ phase: name, from, to: monotonicMicros() });
        }
      }
      if (PROFILE_DIR) writeFileSync(path.join(PROFILE_DIR, 'marks.json'), JSON.stringify(phaseMarks));
      return samples;
    };

    const rounds = Math.min(ROUNDS, clubs.length);
    log(`create-contract: ${String(rounds)} rounds × ${String(CONCURRENCY)} in flight (a new contract each)…`);
    const createMs = [];
    for (let round = 0; round < rounds; round++) {
      const club = clubs[round];
      const results = await wave(
        members.map(
          (token) => () =>
            call('POST', '/api/v1/member/contract', {
              token,
              json: { paymentPlanId: planOf.get(club), paymentMethodGroupId: 1, isCash: false },
            }),
        ),
      );
      if (results.some((r) => r.body.code !== 1022 || r.body.data.existing))
        throw new Error('a purchase did not create a new contract');
      createMs.push(...results.map((r) => r.ms));
    }

    /**
     * Issue 11: door scans. Every member checks in once (a second scan within 5 minutes is the
     * pass-back refusal), so each wave is CONCURRENCY other members with a paid membership at the
     * first club and a check-in device: one untimed wave, then CHECK_IN_WAVES timed ones.
     */
    const CHECK_IN_WAVES = 3;
    async function doorScans() {
      const gm = '0100000003';
      await call('POST', '/api/v1/staff/auth/otp/send', { ip: '198.51.100.251', json: { phoneNumber: gm } });
      const otp = /\b(\d{4})\b/.exec((await call('GET', `/sandbox/sms?phone=${gm}`)).body.data[0].text)[1];
      const staff = (
        await call('POST', '/api/v1/staff/auth/otp/login', { ip: '198.51.100.251', json: { phoneNumber: gm, otp } })
      ).body.data.accessToken;
      const club = clubs[0];
      log(
        `check-in: ${String(CHECK_IN_WAVES + 1)} waves of ${String(CONCURRENCY)} members with a paid membership and a device…`,
      );
      const doorWave = async (group) => {
        const door = [];
        for (let i = 0; i < CONCURRENCY; i++) {
          const n = group * CONCURRENCY + i;
          const token = await signUp(`0100${String(960_000 + n)}`, n);
          const bought = await call('POST', '/api/v1/member/contract', {
            token,
            json: { paymentPlanId: planOf.get(club), paymentMethodGroupId: 1, isCash: false },
          });
          const { qr, amount } = bought.body.data.payment;
          const paid = await call('POST', '/sandbox/bank/transfer', { json: { memo: qr.memo, amount } });
          if (paid.status !== 200) throw new Error(`sandbox transfer failed: ${JSON.stringify(paid.body)}`);
          door.push(
            (await call('POST', '/api/v1/member/check-in/devices', { token, json: { label: 'Bench' } })).body.data,
          );
        }
        // The code each phone shows now (api/check-in.ts: 30 s steps, 96-bit HMAC-SHA256).
        const step = Math.floor(Date.now() / 30_000);
        const codeOf = ({ memberId, deviceId, key }) =>
          `VF1.${deviceId}.${String(step)}.${createHmac('sha256', Buffer.from(key, 'base64url'))
            .update(`${String(memberId)}.${deviceId}.${String(step)}`)
            .digest()
            .subarray(0, 12)
            .toString('base64url')}`;
        return (
          await wave(
            door.map(
              (device) => () =>
                call('POST', '/api/v1/staff/check-in', { token: staff, json: { code: codeOf(device), clubId: club } }),
            ),
          )
        ).map((r) => r.ms);
      };
      await doorWave(0);
      const samples = [];
      for (let w = 1; w <= CHECK_IN_WAVES; w++) samples.push(...(await doorWave(w)));
      return samples;
    }

    // After the purchases, every member has contracts to read.
    const reads = () =>
      timedInTurns({
        ready: () => members.map(() => () => call('GET', '/readyz')),
        plans: (round) =>
          members.map((token, i) => () => {
            const club = clubs[(round + i) % clubs.length];
            // A third anonymous, a third signed in, a third signed in with a coupon.
            const q = i % 3 === 2 ? '?coupon=TET2027' : '';
            return call('GET', `/api/v1/global/club/${String(club)}/payment-plans${q}`, {
              token: i % 3 === 0 ? undefined : token,
            });
          }),
        contracts: () => members.map((token) => () => call('GET', '/api/v1/member/contracts', { token })),
        shell: () => members.map((token) => () => call('GET', '/api/v1/member/shell', { token })),
        home: () => members.map((token) => () => call('GET', '/api/v1/member/home', { token })),
        classes: (round) =>
          members.map(
            (token, i) => () =>
              call('GET', `/api/v1/global/classes?clubId=${String(clubs[(round + i) % clubs.length])}`, { token }),
          ),
      });
    const {
      ready: readyMs,
      plans: plansMs,
      contracts: contractsMs,
      shell: shellMs,
      home: homeMs,
      classes: classesMs,
    } = await reads();
    const checkInMs = await doorScans();
    let filled;
    if (MEMBERS > 0) {
      if (!env.DATABASE_URL) throw new Error('--members needs BENCH_DATABASE_URL (PostgreSQL)');
      log(`adding ${String(MEMBERS)} members with a contract and a notification each…`);
      filled = { accounts: await addFillerMembers(env.DATABASE_URL, MEMBERS) };
      filled.reads = await reads();
    }

    console.log(
      `Gateway latency, ${String(CONCURRENCY)} concurrent requests, ${databaseName} (${new Date().toISOString()})`,
    );
    console.log('| endpoint | requests | p50 | p95 | p99 | max |');
    console.log('|---|---|---|---|---|---|');
    console.log(summary('GET /readyz (baseline: select 1)', readyMs));
    console.log(summary('GET /global/club/{id}/payment-plans', plansMs));
    console.log(summary('GET /member/contracts', contractsMs));
    console.log(summary('GET /member/shell', shellMs));
    console.log(summary('GET /member/home', homeMs));
    console.log(summary('POST /member/contract', createMs));
    console.log(summary('GET /global/classes?clubId= (today)', classesMs));
    console.log(summary('POST /staff/check-in (a fresh code, accepted)', checkInMs));
    if (filled) {
      console.log(summary(`GET /global/club/{id}/payment-plans, ${filled.accounts} members`, filled.reads.plans));
      console.log(summary(`GET /member/contracts, ${filled.accounts} members`, filled.reads.contracts));
      console.log(summary(`GET /member/shell, ${filled.accounts} members`, filled.reads.shell));
      console.log(summary(`GET /member/home, ${filled.accounts} members`, filled.reads.home));
    }
    // Issue 18: every read's p99 within 2× the bare handler's p99, measured in the same run.
    const p99 = (samples) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        99,
      );
    const limit = 2 * p99(readyMs);
    for (const [name, samples] of [
      ['payment-plans', plansMs],
      ['member contracts', contractsMs],
      ['member shell', shellMs],
      ['home screen', homeMs],
      ['class timetable', classesMs],
    ]) {
      if (p99(samples) > limit)
        console.log(`MISSED: ${name} p99 ${p99(samples).toFixed(1)} ms > 2 × /readyz p99 (${limit.toFixed(1)} ms)`);
    }
  } finally {
    stop();
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
    if (admin && benchDb) {
      await admin.query(`drop database if exists ${benchDb} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
