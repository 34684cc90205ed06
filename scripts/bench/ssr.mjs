// SSR throughput (issue 18): 50 connections for 10 s against a signed-in /home, beside /landing
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
const PHONE = {
  'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  Accept: 'text/html',
  'Sec-Fetch-Dest': 'document',
};
const CONNECTIONS = 50;
const SECONDS = 10;

async function load(url, headers) {
  const samples = [];
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(url, { headers, redirect: 'manual' });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
        samples.push(performance.now() - started);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]);
  return { requests: samples.length, perSecond: Math.round(samples.length / SECONDS), p50: at(0.5), p99: at(0.99), failed };
}

/**
 * A second system on a fresh database of the PostgreSQL server, for /home's figure there.
 * @param {string} serverUrl @param {(message: string) => void} log
 */
async function homeOnPostgres(serverUrl, log) {
  const name = `bench_ssr_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gym-bench-pg-'));
  let system;
  try {
    system = await startSystem({ webPort: 0, gatewayPort: 0, dataDir, quiet: true, env: { DATABASE_URL: url.href } });
    const member = await signedInMember.headers(system);
    log(`ssr: signed-in /home on PostgreSQL, ${String(CONNECTIONS)} connections for ${String(SECONDS)} s…`);
    return await load(new URL('/home', system.webUrl), { ...PHONE, ...member });
  } finally {
    await system?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** @param {import('./index.mjs').SectionContext} ctx @returns {Promise<import('./index.mjs').SectionResult>} */
export async function measureSsr({ system, log }) {
  const member = await signedInMember.headers(system);
  const visitor = await anonymous.headers(system);
  const bareApp = await startBareApp();
  log(`ssr: the bare React Router app, ${String(CONNECTIONS)} connections for ${String(SECONDS)} s…`);
  let bare;
  try {
    bare = await load(bareApp.url, PHONE);
  } finally {
    await bareApp.stop();
  }
  log(`ssr: /landing, ${String(CONNECTIONS)} connections for ${String(SECONDS)} s…`);
  const landing = await load(new URL('/landing', system.webUrl), { ...PHONE, ...visitor });
  log(`ssr: signed-in /home, ${String(CONNECTIONS)} connections for ${String(SECONDS)} s…`);
  const home = await load(new URL('/home', system.webUrl), { ...PHONE, ...member });
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const homePg = postgresUrl ? await homeOnPostgres(postgresUrl, log) : null;
  const row = (name, r) => `| ${name} | ${String(r.perSecond)} | ${String(r.p50)} ms | ${String(r.p99)} ms | ${String(r.failed)} |`;
  const ratio = home.perSecond / Math.max(1, bare.perSecond);
  const markdown = [
    `| page (${String(CONNECTIONS)} connections, ${String(SECONDS)} s) | req/s | p50 | p99 | not 200 |`,
    '|:--|--:|--:|--:|--:|',
    row('bare React Router app (one route, no data)', bare),
    row('/landing (no gateway call)', landing),
    row('/home (signed in, PGlite)', home),
    homePg ? row('/home (signed in, PostgreSQL)', homePg) : '| /home on PostgreSQL | not measured: set BENCH_DATABASE_URL | | | |',
    '',
    `/home runs at ${ratio.toFixed(2)}× the bare app's req/s (/landing at ${(landing.perSecond / Math.max(1, bare.perSecond)).toFixed(2)}×).` +
      ' Targets (issue 18): ≥ 0.35× the bare app, p99 ≤ 500 ms.',
  ].join('\n');
  const missed = [];
  if (ratio < 0.35) missed.push(`/home SSR ${String(home.perSecond)} req/s is ${ratio.toFixed(2)}× the bare app's ${String(bare.perSecond)} (< 0.35×)`);
  if (home.p99 > 500) missed.push(`/home SSR p99 ${String(home.p99)} ms > 500 ms`);
  if (homePg) {
    const ratioPg = homePg.perSecond / Math.max(1, bare.perSecond);
    if (ratioPg < 0.35) missed.push(`/home SSR on PostgreSQL ${String(homePg.perSecond)} req/s is ${ratioPg.toFixed(2)}× the bare app's (< 0.35×)`);
    if (homePg.p99 > 500) missed.push(`/home SSR on PostgreSQL p99 ${String(homePg.p99)} ms > 500 ms`);
    if (homePg.failed > 0) missed.push(`/home on PostgreSQL: ${String(homePg.failed)} answers other than 200`);
  }
  if (home.failed > 0 || landing.failed > 0 || bare.failed > 0) missed.push(`SSR answers other than 200: /home ${String(home.failed)}, /landing ${String(landing.failed)}, bare ${String(bare.failed)}`);
  return { markdown, data: { bare, landing, home, homePostgres: homePg, ratio }, missed };
}
