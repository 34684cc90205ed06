// What Lighthouse's simulation (Lantern) puts on a page's LCP path, beside the bare app's, in one run.
// node scripts/bench/lcp-breakdown.mjs [--runs=3] [--routes=/landing,/login,/home,/membership] [--out=dir]
//   [--compare=<another checkout, built>]: its system too, each route measured there and here in turn
// For each page and run: the simulated LCP and FCP, the observed ones, the document's observed server
// response time, the LCP element and phases, and Lantern's own optimistic and pessimistic LCP graphs
// recomputed from the run's saved artifacts (which requests and main-thread tasks, and their simulated
// times). ADR 087.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as assetSaver from 'lighthouse/core/lib/asset-saver.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { CHROME_FLAGS } from './lighthouse.mjs';
import { startBareApp } from './bare-app.mjs';
import { ROUTES } from './routes.mjs';
import { startSystem } from '../lib/system.mjs';
import { findChromium } from '../lib/chromium.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const runs = Number(args.runs ?? 3);
const wanted = (args.routes ?? '/landing,/login,/home,/membership').split(',');
const outDir = path.resolve(args.out ?? mkdtempSync(path.join(os.tmpdir(), 'lcp-breakdown-')));
mkdirSync(outDir, { recursive: true });

/** @param {any} node a Lantern graph node */
function describeNode(node, timing) {
  const t = `${timing.startTime.toFixed(0)}–${timing.endTime.toFixed(0)} ms`;
  if (node.type === 'network') {
    const r = node.request;
    return `net ${t} ${r.resourceType ?? ''} ${r.priority} ${r.transferSize ?? ''}B ${String(r.url).slice(0, 90)}`;
  }
  const names = [...new Set(node.childEvents.map((e) => e.name))]
    .filter((n) => /ParseHTML|EvaluateScript|Layout|Paint|UpdateLayoutTree|FunctionCall|v8\.compile|Compile/.test(n))
    .join(',');
  return `cpu ${t} (observed ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms) ${names}`;
}

/** Lantern's LCP graphs of one run, recomputed from its artifacts. */
async function lanternDetail(dir, settings) {
  const artifacts = await assetSaver.loadArtifacts(dir);
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace ?? artifacts.traces?.defaultPass,
    devtoolsLog: artifacts.DevtoolsLog ?? artifacts.devtoolsLogs?.defaultPass,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const simulator = await LoadSimulator.request(data, context);
  const serverResponseTime = Object.fromEntries(simulator.options.serverResponseTimeByOrigin ?? []);
  const graph = (estimate) =>
    [...estimate.nodeTimings.entries()]
      .sort((a, b) => a[1].startTime - b[1].startTime)
      .map(([node, timing]) => describeNode(node, timing));
  return {
    fcp: {
      timing: fcp.timing,
      optimistic: fcp.optimisticEstimate.timeInMs,
      pessimistic: fcp.pessimisticEstimate.timeInMs,
    },
    lcp: {
      timing: lcp.timing,
      optimistic: lcp.optimisticEstimate.timeInMs,
      pessimistic: lcp.pessimisticEstimate.timeInMs,
    },
    serverResponseTime,
    optimisticGraph: graph(lcp.optimisticEstimate),
    pessimisticGraph: graph(lcp.pessimisticEstimate),
  };
}

async function measure(name, url, headers) {
  const out = [];
  for (let i = 1, failed = 0; i <= runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const dir = path.join(outDir, `${name.replace(/\W+/g, '_')}-${i}`);
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        gatherMode: dir,
        auditMode: dir,
        ...(Object.keys(headers).length && { extraHeaders: headers }),
      });
      const lhr = /** @type {any} */ (result?.lhr);
      // Lighthouse's own trace failures (NO_FCP…) on a loaded machine: that run again, twice at most.
      if (!lhr?.audits.metrics?.details && failed++ < 2) {
        console.log(`${name} ${i}: ${lhr?.runtimeError?.code ?? 'no metrics'}, again`);
        i--;
        continue;
      }
      const a = lhr.audits;
      const observed = a.metrics.details.items[0];
      const phases = Object.fromEntries(
        (a['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? []).map((p) => [p.subpart ?? p.label, p.duration]),
      );
      const element = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      const requests = (a['network-requests']?.details?.items ?? [])
        .filter((r) => r.networkRequestTime <= observed.observedLargestContentfulPaint)
        .map(
          (r) =>
            `${r.networkRequestTime.toFixed(0)}–${r.networkEndTime.toFixed(0)} ${r.resourceType} ${r.transferSize}B ${r.url.slice(0, 80)}`,
        );
      const row = {
        name,
        run: i,
        lcp: a['largest-contentful-paint'].numericValue,
        fcp: a['first-contentful-paint'].numericValue,
        observedFcp: observed.observedFirstContentfulPaint,
        observedLcp: observed.observedLargestContentfulPaint,
        ttfbObserved: a['server-response-time']?.numericValue,
        phases,
        element: element ? `${element.selector} ${String(element.snippet).slice(0, 120)}` : null,
        requestsBeforeObservedLcp: requests,
        lantern: await lanternDetail(dir, lhr.configSettings),
      };
      writeFileSync(path.join(outDir, `${name.replace(/\W+/g, '_')}-${i}.json`), JSON.stringify(row, null, 2));
      writeFileSync(path.join(dir, 'lhr.json'), JSON.stringify(lhr));
      out.push(row);
      console.log(
        `${name} ${i}: LCP ${row.lcp.toFixed(0)} (opt ${row.lantern.lcp.optimistic.toFixed(0)} pess ${row.lantern.lcp.pessimistic.toFixed(0)}) FCP ${row.fcp.toFixed(0)}` +
          ` observed FCP ${row.observedFcp} LCP ${row.observedLcp} TTFB ${row.ttfbObserved?.toFixed(1)}` +
          ` server ${JSON.stringify(row.lantern.serverResponseTime)} phases ${JSON.stringify(phases)} el ${row.element}`,
      );
    } finally {
      chrome.kill();
    }
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lcp-data-'));
const system = await startSystem({ webPort: 0, gatewayPort: 0, dataDir, quiet: true, build: args.build !== 'false' });
const otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'lcp-data-'));
const other = args.compare
  ? await (
      await import(path.resolve(args.compare, 'scripts/lib/system.mjs'))
    ).startSystem({ webPort: 0, gatewayPort: 0, dataDir: otherDataDir, quiet: true, build: false })
  : null;
const bare = await startBareApp();
const summary = [];
try {
  const rows = { bare: await measure('bare', bare.url, {}) };
  for (const p of wanted) {
    const route = ROUTES.find((r) => r.path === p);
    if (!route) throw new Error(`no bench route ${p}`);
    if (other) {
      const otherHeaders = await route.access.headers(other);
      rows[`${p} (${path.basename(args.compare)})`] = await measure(
        `${p}-compare`,
        new URL(p, other.webUrl).href,
        otherHeaders,
      );
    }
    const headers = await route.access.headers(system);
    rows[p] = await measure(p, new URL(p, system.webUrl).href, headers);
  }
  rows['bare (again)'] = await measure('bare-again', bare.url, {});
  for (const [name, rs] of Object.entries(rows))
    summary.push(
      `${name}: LCP median ${median(rs.map((r) => r.lcp)).toFixed(0)} ms (${rs.map((r) => r.lcp.toFixed(0)).join('/')}), FCP ${median(rs.map((r) => r.fcp)).toFixed(0)}, TTFB obs ${median(rs.map((r) => r.ttfbObserved ?? 0)).toFixed(1)}`,
    );
} finally {
  await bare.stop();
  await system.stop();
  await other?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(otherDataDir, { recursive: true, force: true });
}
console.log(summary.join('\n'));
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; details in ${outDir}`,
);
