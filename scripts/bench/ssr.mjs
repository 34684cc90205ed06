// SSR throughput (issue 18): 50 connections for 10 s (in turns of 2 s) against a signed-in /home, beside /landing
// (the same server, no gateway call) and the bare React Router app (bare-app.mjs) measured in the
// same run. The load comes from this process, on the same machine: on 2 cores it takes its share,
// which is why the figures are only compared with each other. With BENCH_DATABASE_URL (a PostgreSQL
// server), /home is measured once more on a system whose gateway uses a fresh database there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startSystem } from '../lib/system.mjs';
import { startBareApp } from './bare-app.mjs';
import { anonymous, signedInMember } from './routes.mjs';

/** A phone, navigating: what the platform gate lets through to the app. */
export const PHONE = {
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  Accept: 'text/html',
  'Sec-Fetch-Dest': 'document',
};
const CONNECTIONS = 50;
const SECONDS = 10;
/** Each page is loaded in turns of this many seconds, one page after the other, until it had SECONDS. */
const ROUND_SECONDS = 2;
/** The start of each turn that is not timed (see `load`). */
const SETTLE_SECONDS = 0.5;

/**
 * `CONNECTIONS` clients requesting `url` back to back for `seconds`; only the requests started
 * after `settleSeconds` count: a turn starts with 50 requests arriving at once on a server that
 * sat idle, which no steady load does (the bare app's p99 then triples, a signed-in /home waits
 * 2 s).
 */
export async function load(url, headers, seconds, settleSeconds = 0) {
  const samples = [];
  let failed = 0;
  const from = performance.now() + settleSeconds * 1000;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(url, { headers, redirect: 'manual' });
        await res.arrayBuffer();
        if (started < from) continue;
        if (res.status !== 200) failed++;
        samples.push(performance.now() - started);
      }
    }),
  );
  return { samples, failed };
}

/**
 * The pages measured in turns (bare app, /landing, /home…, SETTLE_SECONDS untimed then ROUND_SECONDS timed each, until each had
 * SECONDS), after one untimed turn each: this machine is shared, and its speed changes from one
 * minute to the next (the bare app alone has measured 235 and 374 req/s ten minutes apart).
 * Taking turns gives every page the same share of that noise, so their ratio means something.
 * @param {{ name: string, url: URL | string, headers: Record<string, string> }[]} pages
 * @param {(message: string) => void} log
 */
async function loadInTurns(pages, log) {
  for (const page of pages) await load(page.url, page.headers, 1);
  const all = pages.map(() => ({ samples: /** @type {number[]} */ ([]), failed: 0 }));
  const rounds = Math.ceil(SECONDS / ROUND_SECONDS);
  for (let round = 0; round < rounds; round++) {
    log(
      `ssr: round ${String(round + 1)}/${String(rounds)}: ${pages.map((p) => p.name).join(', ')}, ${String(ROUND_SECONDS)} s each`,
    );
    for (const [i, page] of pages.entries()) {
      const { samples, failed } = await load(page.url, page.headers, ROUND_SECONDS + SETTLE_SECONDS, SETTLE_SECONDS);
      all[i].samples.push(...samples);
      all[i].failed += failed;
    }
  }
  return all.map(({ samples, failed }) => {
    samples.sort((a, b) => a - b);
    const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]);
    return {
      requests: samples.length,
      perSecond: Math.round(samples.length / (rounds * ROUND_SECONDS)),
      p50: at(0.5),
      p99: at(0.99),
      failed,
    };
  });
}

/**
 * A second system on a fresh database of the PostgreSQL server, for /home's figure there.
 * @param {string} serverUrl
 */
async function systemOnPostgres(serverUrl) {
  const name = `bench_ssr_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gym-bench-pg-'));
  const drop = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const system = await startSystem({
      webPort: 0,
      gatewayPort: 0,
      dataDir,
      quiet: true,
      env: { DATABASE_URL: url.href },
    });
    return {
      system,
      stop: async () => {
        await system.stop();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** @param {import('./index.mjs').SectionContext} ctx @returns {Promise<import('./index.mjs').SectionResult>} */
export async function measureSsr({ system, log }) {
  const member = await signedInMember.headers(system);
  const visitor = await anonymous.headers(system);
  const bareApp = await startBareApp();
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  let onPostgres;
  let bare, landing, home, homePg;
  try {
    onPostgres = postgresUrl ? await systemOnPostgres(postgresUrl) : undefined;
    const pages = [
      { name: 'bare app', url: bareApp.url, headers: PHONE },
      { name: '/landing', url: new URL('/landing', system.webUrl), headers: { ...PHONE, ...visitor } },
      { name: '/home', url: new URL('/home', system.webUrl), headers: { ...PHONE, ...member } },
    ];
    if (onPostgres) {
      const memberPg = await signedInMember.headers(onPostgres.system);
      pages.push({
        name: '/home on PostgreSQL',
        url: new URL('/home', onPostgres.system.webUrl),
        headers: { ...PHONE, ...memberPg },
      });
    }
    [bare, landing, home, homePg = null] = await loadInTurns(pages, log);
  } finally {
    await bareApp.stop();
    await onPostgres?.stop();
  }
  const row = (name, r) =>
    `| ${name} | ${String(r.perSecond)} | ${String(r.p50)} ms | ${String(r.p99)} ms | ${String(r.failed)} |`;
  const ratio = home.perSecond / Math.max(1, bare.perSecond);
  const markdown = [
    `| page (${String(CONNECTIONS)} connections, ${String(SECONDS)} s in turns of ${String(ROUND_SECONDS)} s, each after ${String(SETTLE_SECONDS)} s untimed) | req/s | p50 | p99 | not 200 |`,
    '|:--|--:|--:|--:|--:|',
    row('bare React Router app (one route, no data)', bare),
    row('/landing (no gateway call)', landing),
    row('/home (signed in, PGlite)', home),
    homePg
      ? row('/home (signed in, PostgreSQL)', homePg)
      : '| /home on PostgreSQL | not measured: set BENCH_DATABASE_URL | | | |',
    '',
    `/home runs at ${ratio.toFixed(2)}× the bare app's req/s (/landing at ${(landing.perSecond / Math.max(1, bare.perSecond)).toFixed(2)}×).` +
      ' Targets (issue 18): ≥ 0.35× the bare app, p99 ≤ 500 ms.',
  ].join('\n');
  const missed = [];
  if (ratio < 0.35)
    missed.push(
      `/home SSR ${String(home.perSecond)} req/s is ${ratio.toFixed(2)}× the bare app's ${String(bare.perSecond)} (< 0.35×)`,
    );
  if (home.p99 > 500) missed.push(`/home SSR p99 ${String(home.p99)} ms > 500 ms`);
  if (homePg) {
    const ratioPg = homePg.perSecond / Math.max(1, bare.perSecond);
    if (ratioPg < 0.35)
      missed.push(
        `/home SSR on PostgreSQL ${String(homePg.perSecond)} req/s is ${ratioPg.toFixed(2)}× the bare app's (< 0.35×)`,
      );
    if (homePg.p99 > 500) missed.push(`/home SSR on PostgreSQL p99 ${String(homePg.p99)} ms > 500 ms`);
    if (homePg.failed > 0) missed.push(`/home on PostgreSQL: ${String(homePg.failed)} answers other than 200`);
  }
  if (home.failed > 0 || landing.failed > 0 || bare.failed > 0)
    missed.push(
      `SSR answers other than 200: /home ${String(home.failed)}, /landing ${String(landing.failed)}, bare ${String(bare.failed)}`,
    );
  return { markdown, data: { bare, landing, home, homePostgres: homePg, ratio }, missed };
}
