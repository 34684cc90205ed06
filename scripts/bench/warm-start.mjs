// Issue 39 §6: the first seconds of a server. A member signs up, the system is restarted (same
// data, so the session still holds), and from the moment the web server's /readyz first answers
// 200, 50 connections ask for the signed-in /home for 10 s: what a replica that has just joined the
// balancer gets. Beside the bare React Router app's req/s, loaded the same way just before the restart.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBareApp } from './bare-app.mjs';
import { signedInMember } from './routes.mjs';
import { load, PHONE } from './ssr.mjs';

const SECONDS = 10;
export const WARM_TARGETS = Object.freeze({ p99Ms: 500, toBare: 0.35 });

/** Polls `url` until it answers 200; returns how long that took. @param {string | URL} url */
async function firstReady(url) {
  const started = performance.now();
  for (;;) {
    const status = await fetch(url).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => 0,
    );
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > 300_000) throw new Error(`${String(url)} did not answer 200 within 300 s`);
    await sleep(20);
  }
}

/** @param {{ samples: number[], failed: number }} r @param {number} seconds */
function summary({ samples, failed }, seconds) {
  samples.sort((a, b) => a - b);
  const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] ?? 0);
  return {
    requests: samples.length,
    perSecond: Math.round(samples.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(samples.at(-1) ?? 0),
    failed,
  };
}

/** @param {import('./index.mjs').SectionContext} ctx @returns {Promise<import('./index.mjs').SectionResult>} */
export async function measureWarmStart({ system, restartSystem, log }) {
  const member = await signedInMember.headers(system);
  // The bare app first (ADR 088): its untimed second and its 10 s also warm this process's own
  // HTTP client, which the first 10 s after /readyz would otherwise pay for (the client's CPU per
  // request was 1.5–1.9× its later figure in its first 300 requests, on the same 2 cores).
  log('warm start: the bare app (1 s untimed, then 10 s)');
  const bareApp = await startBareApp();
  let bare;
  try {
    await load(bareApp.url, PHONE, 1);
    bare = summary(await load(bareApp.url, PHONE, SECONDS), SECONDS);
  } finally {
    await bareApp.stop();
  }
  log('warm start: restarting the system');
  const restarted = await restartSystem();
  const waited = await firstReady(new URL('/readyz', restarted.webUrl));
  log(
    `warm start: /readyz answered ${String(Math.round(waited))} ms after /healthz; loading /home for ${String(SECONDS)} s`,
  );
  const first = summary(await load(new URL('/home', restarted.webUrl), { ...PHONE, ...member }, SECONDS), SECONDS);
  log('warm start: the same load again (steady state)');
  const steady = summary(await load(new URL('/home', restarted.webUrl), { ...PHONE, ...member }, SECONDS), SECONDS);
  const row = (name, r) =>
    `| ${name} | ${String(r.perSecond)} | ${String(r.p50)} ms | ${String(r.p99)} ms | ${String(r.max)} ms | ${String(r.failed)} |`;
  const ratio = first.perSecond / Math.max(1, bare.perSecond);
  const markdown = [
    `| 50 connections, ${String(SECONDS)} s | req/s | p50 | p99 | max | not 200 |`,
    '|:--|--:|--:|--:|--:|--:|',
    row('/home signed in, the first 10 s after /readyz first answered', first),
    row('/home signed in, the next 10 s', steady),
    row('bare React Router app (measured just before the restart, after 1 s untimed)', bare),
    '',
    `/readyz first answered ${(waited / 1000).toFixed(1)} s after the web server's /healthz. The first 10 s run at ${ratio.toFixed(2)}× the bare app's req/s.` +
      ` Targets (issue 39 §6): p99 ≤ ${String(WARM_TARGETS.p99Ms)} ms, ≥ ${String(WARM_TARGETS.toBare)}× the bare app.`,
  ].join('\n');
  const missed = [];
  if (first.p99 > WARM_TARGETS.p99Ms)
    missed.push(
      `/home p99 over the first 10 s after /readyz: ${String(first.p99)} ms > ${String(WARM_TARGETS.p99Ms)} ms`,
    );
  if (ratio < WARM_TARGETS.toBare)
    missed.push(
      `/home over the first 10 s after /readyz: ${String(first.perSecond)} req/s is ${ratio.toFixed(2)}× the bare app's (< ${String(WARM_TARGETS.toBare)}×)`,
    );
  if (first.failed > 0)
    missed.push(`/home over the first 10 s after /readyz: ${String(first.failed)} answers other than 200`);
  return { markdown, data: { readyAfterHealthzMs: Math.round(waited), first, steady, bare, ratio }, missed };
}
