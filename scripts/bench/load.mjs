// `npm run bench:load` (issue 19 §2): a day at a busy chain, compressed. Simulated members
// (scripts/bench/load/member.mjs) use a running `npm run cluster` through its balancer for a set time:
// sign in by OTP, home, buy and pay by bank QR or card through the sandboxes, check in at the door,
// browse, book and cancel classes, PT packages and sessions, notifications; a front desk reads its
// screens beside them. Reports per-action p50/p95/p99, errors by action and status (target 0),
// retries apart, throughput, CPU per process, PostgreSQL connections and size, and checks by SQL at
// the end that nothing was doubled or lost. --chaos kills a gateway and a web replica and restarts
// PostgreSQL during the run (scripts/bench/load/chaos.mjs).
// Usage: npm run bench:load -- [--members 200] [--duration 300] [--think 5] [--ramp 30] [--quick] [--chaos]
//   [--web http://localhost:8080] [--gateway http://127.0.0.1:8081] [--stats http://127.0.0.1:8404/]
//   [--database postgres://…] [--out DIR] [--label NAME] [--seed N]
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chaos } from './load/chaos.mjs';
import { cpuBetween, cpuSnapshot, haproxyStatus, readClusterState, uptime } from './load/cluster.mjs';
import { createHttp } from './load/http.mjs';
import { integrityChecks } from './load/integrity.mjs';
import { runDesk, runMember } from './load/member.mjs';
import { renderMarkdown } from './load/report.mjs';
import { createRecorder, errorTimeline, summarize } from './load/stats.mjs';
import { staffTokens } from './load/staff.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const quick = flag('quick');
const MEMBERS = Number(opt('members', quick ? 20 : 200));
const DURATION_S = Number(opt('duration', quick ? 30 : 300));
const THINK_S = Number(opt('think', quick ? 2 : 5));
const RAMP_S = Number(opt('ramp', Math.min(30, DURATION_S / 6)));
const WEB = opt('web', 'http://localhost:8080');
const log = (message) => process.stderr.write(`load │ ${message}\n`);

/** A small seeded generator (mulberry32), so a run's choices can be replayed with --seed. */
function rngOf(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function catalogOf(http, trainers) {
  const who = { ip: '192.0.2.98' };
  const clubs = (
    await http.request('gw GET /general/clubs', who, { base: 'gw', path: '/api/v1/general/clubs' })
  ).body.data.map((c) => c.id);
  const plans = new Map();
  for (const id of clubs) {
    const list = (
      await http.request('gw GET /global/club/{id}/payment-plans', who, {
        base: 'gw',
        path: `/api/v1/global/club/${String(id)}/payment-plans`,
      })
    ).body.data;
    const buyable = list.filter((p) => !p.isSubscription && !p.isTrial).map((p) => p.id);
    if (buyable.length > 0) plans.set(id, buyable);
  }
  const ptClub = clubs[0];
  const ptPackages = (
    await http.request('gw GET /global/club/{id}/pt-packages', who, {
      base: 'gw',
      path: `/api/v1/global/club/${String(ptClub)}/pt-packages`,
    })
  ).body.data.map((p) => p.id);
  const ptTrainers = (
    await http.request('gw GET /global/club/{id}/pts', who, {
      base: 'gw',
      path: `/api/v1/global/club/${String(ptClub)}/pts`,
    })
  ).body.data
    .map((t) => t.ptId)
    .filter((id) => trainers.has(id));
  return { clubs: clubs.filter((id) => plans.has(id)), plans, ptClub, ptPackages, ptTrainers };
}

async function main() {
  const state = readClusterState(new URL(WEB).port || 80);
  const GATEWAY = opt('gateway', state?.gatewayUrl ?? 'http://127.0.0.1:8081');
  const STATS = opt('stats', 'http://127.0.0.1:8404/');
  const DATABASE = opt('database', state?.databaseUrl);
  if (flag('chaos') && !state)
    throw new Error('--chaos needs the state file of a running `npm run cluster` (it kills its replicas)');
  const label = opt('label', `${flag('chaos') ? 'chaos' : 'load'}-${String(MEMBERS)}m-${String(DURATION_S)}s`);
  const out = path.resolve(
    opt('out', path.join(os.tmpdir(), 'gym-bench-load')),
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${label}`,
  );
  mkdirSync(out, { recursive: true });
  const seed = Number(opt('seed', Date.now() % 1_000_000));
  const rng = rngOf(seed);

  const recorder = createRecorder();
  const http = createHttp({
    recorder,
    webUrl: WEB,
    gatewayUrl: GATEWAY,
    internalSecret: state?.internalSecret ?? process.env.GATEWAY_INTERNAL_SECRET,
  });
  log(
    `${String(MEMBERS)} members for ${String(DURATION_S)} s (think ${String(THINK_S)} s, ramp ${String(RAMP_S)} s) on ${WEB} and ${GATEWAY}${flag('chaos') ? ', with kills' : ''}; results in ${out}`,
  );
  if (!state)
    log(
      'no cluster state file: CPU per process, kills and the end checks need `npm run cluster` (or --database for the checks)',
    );

  const staff = await staffTokens(http, path.dirname(out), GATEWAY);
  const catalog = await catalogOf(http, staff.trainers);
  // Set-up requests are not the members' figures.
  recorder.actions.clear();

  const ledger = {
    paidContracts: new Set(),
    paidPtContracts: new Set(),
    visits: new Set(),
    classBookings: new Map(),
    ptBookings: new Set(),
    members: 0,
  };
  const startedAt = Date.now();
  const since = new Date(startedAt - 1000);
  const endAt = startedAt + DURATION_S * 1000;
  const ctx = {
    http,
    endAt,
    thinkMs: THINK_S * 1000,
    rng,
    catalog,
    staff,
    ledger,
    ptShare: Number(opt('pt-share', 0.5)),
    cardShare: Number(opt('card-share', 0.4)),
  };

  // Samples every 5 s: the machine's load, PostgreSQL connections by state, HAProxy's view.
  const samples = [];
  // A pool of one: the kill run restarts the server under it, and a pool replaces a broken connection.
  const db = DATABASE ? new pg.Pool({ connectionString: DATABASE, max: 1 }) : null;
  db?.on('error', () => {});
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const sample = {
        atSeconds: Math.round((Date.now() - startedAt) / 1000),
        loadavg: os.loadavg().map((v) => Math.round(v * 100) / 100),
      };
      if (db) {
        sample.connections = await db
          .query(
            `select coalesce(state, 'other') as state, count(*)::int as n from pg_stat_activity where datname = current_database() group by 1`,
          )
          .then(({ rows }) => Object.fromEntries(rows.map((r) => [r.state, r.n])))
          .catch(() => null);
      }
      sample.haproxy = await haproxyStatus(STATS).catch(() => null);
      samples.push(sample);
      await sleep(5000);
    }
  })();

  const uptimeBefore = uptime();
  let cpuStart = null;
  const cpuTimer = state ? setTimeout(() => (cpuStart = cpuSnapshot(state)), RAMP_S * 1000) : null;
  const members = [];
  const runBase = Math.floor(rng() * 900_000);
  const net = 64 + Math.floor(rng() * 60);
  for (let i = 0; i < MEMBERS; i++) {
    const phone = `0109${String((runBase + i) % 1_000_000).padStart(6, '0')}`;
    const ip = `100.${String(net)}.${String(Math.floor(i / 250))}.${String(1 + (i % 250))}`;
    members.push(
      sleep((i * RAMP_S * 1000) / MEMBERS).then(() =>
        runMember(ctx, { phone, ip, wantsPt: rng() < ctx.ptShare }).catch((error) => {
          recorder.record('member script crashed', {
            ms: 0,
            outcome: 'error',
            status: error instanceof Error ? error.message.slice(0, 80) : String(error),
          });
        }),
      ),
    );
  }
  const desk = runDesk(ctx);
  const chaosEvents = flag('chaos')
    ? chaos({ state, statsUrl: STATS, startedAt, durationMs: DURATION_S * 1000, log })
    : Promise.resolve([]);
  const progress = setInterval(() => {
    const { totals } = summarize(recorder, Math.max(1, (Date.now() - startedAt) / 1000));
    log(
      `${String(Math.round((Date.now() - startedAt) / 1000))} s: ${String(totals.requests)} requests (${String(totals.perSecond)}/s), ${String(totals.errors)} errors, ${String(totals.retries)} retries, ${String(ledger.members)} members signed in; ${os.loadavg()[0].toFixed(2)} load`,
    );
  }, 10_000);

  await Promise.all([...members, desk]);
  const cpuEnd = state ? cpuSnapshot(state) : null;
  clearTimeout(cpuTimer);
  const seconds = (Date.now() - startedAt) / 1000;
  const events = await chaosEvents;
  clearInterval(progress);
  sampling = false;
  await sampler;
  const uptimeAfter = uptime();

  let integrity = null;
  let database = null;
  if (DATABASE) {
    log('end checks: nothing doubled, nothing lost…');
    integrity = await integrityChecks(DATABASE, ledger, since).catch((error) => ({
      ok: false,
      error: String(error),
      doubled: [],
      lost: [],
      paymentEventsNeedingReview: [],
    }));
    const { rows } = await db.query(
      `select pg_database_size(current_database())::bigint as bytes, (select count(*)::int from accounts where account_type = 'MEMBER') as members,
        (select count(*)::int from visits) as visits, (select count(*)::int from contracts) as contracts, (select count(*)::int from notifications) as notifications`,
    );
    database = {
      sizeMB: Math.round(Number(rows[0].bytes) / 1e5) / 10,
      members: rows[0].members,
      visits: rows[0].visits,
      contracts: rows[0].contracts,
      notifications: rows[0].notifications,
    };
  }
  await db?.end();

  const summary = summarize(recorder, seconds);
  const report = {
    label,
    startedAt: new Date(startedAt).toISOString(),
    options: {
      members: MEMBERS,
      durationSeconds: DURATION_S,
      thinkSeconds: THINK_S,
      rampSeconds: RAMP_S,
      web: WEB,
      gateway: GATEWAY,
      chaos: flag('chaos'),
      seed,
      poolSize: state?.poolSize ?? null,
    },
    seconds: Math.round(seconds * 10) / 10,
    membersSignedIn: ledger.members,
    told: {
      paidContracts: ledger.paidContracts.size,
      paidPtContracts: ledger.paidPtContracts.size,
      visits: ledger.visits.size,
      classBookings: ledger.classBookings.size,
      ptBookings: ledger.ptBookings.size,
    },
    machine: { cores: os.cpus().length, uptimeBefore, uptimeAfter },
    cpuCores: cpuStart && cpuEnd ? cpuBetween(cpuStart, cpuEnd) : null,
    database,
    ...summary,
    errorTimeline: errorTimeline(recorder.errorLog, startedAt),
    errorLog: recorder.errorLog
      .slice(0, 500)
      .map((e) => ({ ...e, atSeconds: Math.round((e.at - startedAt) / 100) / 10 })),
    chaos: events,
    samples,
    integrity,
  };
  writeFileSync(path.join(out, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = renderMarkdown(report);
  writeFileSync(path.join(out, 'summary.md'), md);
  console.log(md);
  console.log(`\nResults: ${out}/summary.md and summary.json`);
  if (integrity && !integrity.ok) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`load │ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
