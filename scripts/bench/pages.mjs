// §9 part 1: first-load JS per route (KB gzipped) and Lighthouse mobile scores, as one table.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startBareApp } from './bare-app.mjs';
import { BuildChanged, measureFirstLoad } from './first-load.mjs';
import { medianRun, runLighthouse } from './lighthouse.mjs';
import { KB, kb, mdTable, ms, seconds } from './format.mjs';

export const TARGETS = Object.freeze({
  jsKbGz: 130,
  jsToBare: 1.15,
  performance: 98,
  accessibility: 100,
  lcpToBare: 0.9,
});
/** Issue 18, 39 §5: on these routes the median LCP must not exceed 0.9× the bare app's, measured in the same run. */
export const LCP_VS_BARE_ROUTES = Object.freeze(['/landing', '/login', '/home', '/membership']);
export const TARGETS_LINE =
  `targets: JS ≤ ${TARGETS.jsKbGz} KB gz and ≤ ${TARGETS.jsToBare}× the bare app's, performance ≥ ${TARGETS.performance},` +
  ` accessibility ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpToBare}× the bare app's on ${LCP_VS_BARE_ROUTES.join(', ')}`;
const BARE = 'bare React Router app';

/** File-name-safe form of a route path: /verify-otp → verify-otp, / → root. */
const slug = (/** @type {string} */ p) => p.replace(/^\/+|\/+$/g, '').replace(/[^\w.-]+/g, '_') || 'root';

/** How many times a route is measured again on a restarted system when build/ changed under it. */
const MAX_RESTARTS = 2;

/**
 * First load and the Lighthouse runs of one route.
 * @param {import('./routes.mjs').BenchRoute} route
 * @param {import('../lib/system.mjs').RunningSystem} system
 * @param {Pick<import('./index.mjs').SectionContext, 'runs' | 'outDir' | 'log'>} options
 */
async function measureRoute(route, system, options) {
  const url = new URL(route.path, system.webUrl).href;
  options.log(`${route.path}: preparing (${route.access.describe})`);
  const row = await measureUrl(route.path, route.access.describe, url, await route.access.headers(system), options);
  // JS the page is meant to load on demand only (routes.mjs `lazyOnly`) that the first load fetches anyway.
  const lazyLoaded = route.lazyOnly?.length
    ? row.firstLoad.js.files
        .filter((f) => route.lazyOnly?.some((re) => re.test(new URL(f.url).pathname)))
        .map((f) => f.url)
    : [];
  return { ...row, lazyOnly: route.lazyOnly?.map(String) ?? [], lazyLoaded };
}

/** The bare React Router app's one page, measured like a route of ours (no cookies needed). */
async function measureBare(options) {
  const bare = await startBareApp();
  try {
    return await measureUrl(BARE, 'its one route', bare.url, {}, options);
  } finally {
    await bare.stop();
  }
}

/**
 * @param {string} name
 * @param {string} access
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {Pick<import('./index.mjs').SectionContext, 'runs' | 'outDir' | 'log'>} options
 */
async function measureUrl(name, access, url, headers, { runs, outDir, log }) {
  const route = { path: name };

  const firstLoad = await measureFirstLoad(url, headers);
  log(
    `${route.path}: first-load JS ${kb(firstLoad.js.gzip)} KB gz in ${firstLoad.js.files.length} files, CSS ${kb(firstLoad.css.gzip)} KB gz`,
  );

  const lighthouse = [];
  for (let i = 1; i <= runs; i++) {
    const started = Date.now();
    const run = await runLighthouse(url, { headers });
    if (run.brokenAssets.length) {
      throw new BuildChanged(
        `${run.brokenAssets.length} JS/CSS requests failed in Lighthouse run ${i} (${run.brokenAssets.slice(0, 3).join(', ')}${run.brokenAssets.length > 3 ? ', …' : ''})`,
      );
    }
    const reportFile = path.join(outDir, `lighthouse-${slug(route.path)}-run${i}.html`);
    const { html, ...kept } = run;
    await writeFile(reportFile, html);
    lighthouse.push({ ...kept, run: i, report: path.basename(reportFile) });
    const s = run.scores;
    log(
      `${route.path}: Lighthouse ${i}/${runs} perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo}` +
        ` (${((Date.now() - started) / 1000).toFixed(1)} s)${run.finalUrl !== url ? ` — ended on ${run.finalUrl}` : ''}`,
    );
    for (const w of run.warnings) log(`${route.path}: Lighthouse warning: ${w}`);
  }
  return { route: route.path, access, url, firstLoad, lighthouse, median: medianRun(lighthouse) };
}

/**
 * @param {import('./index.mjs').SectionContext} ctx
 * @returns {Promise<import('./index.mjs').SectionResult>}
 */
export async function measurePages(ctx) {
  const { routes, runs } = ctx;
  let { system } = ctx;
  /** @type {string[]} */
  const restarts = [];
  /** @type {(Awaited<ReturnType<typeof measureBare>> & { lazyOnly?: string[], lazyLoaded?: string[] })[]} */
  const rows = [await measureBare(ctx)];
  const bare = rows[0];
  for (const route of routes) {
    for (let attempt = 0; ; attempt++) {
      try {
        rows.push(await measureRoute(route, system, ctx));
        break;
      } catch (error) {
        if (!(error instanceof BuildChanged) || attempt >= MAX_RESTARTS) throw error;
        // Another process rebuilt build/ under the running server (the e2e setup, npm start…).
        const why = `${route.path}: build/ changed under the running server (${error.message})`;
        ctx.log(`${why}; restarting the system and measuring ${route.path} again`);
        restarts.push(why);
        system = await ctx.restartSystem();
      }
    }
  }

  /** @type {string[]} */
  const missed = [];
  /** The median LCP of a row's runs (not the LCP of the run with the median score). */
  const medianLcp = (/** @type {typeof bare} */ r) => {
    const values = r.lighthouse
      .map((l) => l.metrics.lcp)
      .filter((v) => v !== null)
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor((values.length - 1) / 2)] : null;
  };
  const bareLcp = medianLcp(bare);
  for (const r of rows.slice(1)) {
    const jsRatio = r.firstLoad.js.gzip / bare.firstLoad.js.gzip;
    if (jsRatio > TARGETS.jsToBare)
      missed.push(`${r.route} first-load JS ${jsRatio.toFixed(2)}× the bare app's (> ${TARGETS.jsToBare}×)`);
    const lcp = medianLcp(r);
    if (
      LCP_VS_BARE_ROUTES.includes(r.route) &&
      (lcp === null || bareLcp === null || lcp > TARGETS.lcpToBare * bareLcp)
    ) {
      missed.push(`${r.route} LCP ${seconds(lcp)} > ${TARGETS.lcpToBare}× the bare app's ${seconds(bareLcp)}`);
    }
    const js = r.firstLoad.js.gzip / KB;
    if (js > TARGETS.jsKbGz)
      missed.push(`${r.route} first-load JS ${kb(r.firstLoad.js.gzip)} KB gz > ${TARGETS.jsKbGz}`);
    const { performance, accessibility } = r.median.scores;
    if (performance === null || performance < TARGETS.performance) {
      missed.push(`${r.route} performance ${performance ?? 'n/a'} < ${TARGETS.performance}`);
    }
    if (accessibility === null || accessibility < TARGETS.accessibility) {
      missed.push(`${r.route} accessibility ${accessibility ?? 'n/a'} < ${TARGETS.accessibility}`);
    }
    if (r.lazyLoaded?.length)
      missed.push(`${r.route} first load fetches JS meant to load on demand: ${r.lazyLoaded.join(', ')}`);
    const wrongPage = r.lighthouse.filter((l) => new URL(l.finalUrl).pathname !== new URL(r.url).pathname);
    if (wrongPage.length)
      missed.push(`${r.route} Lighthouse ended on ${wrongPage[0].finalUrl}: not the page asked for`);
  }

  const table = mdTable(
    [
      'route',
      'JS first load (KB gz)',
      '× bare',
      'HTML (KB gz)',
      'CSS (KB gz)',
      'perf',
      'a11y',
      'best-pr.',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
    ],
    rows.map((r) => {
      const m = r.median;
      return [
        r.route,
        kb(r.firstLoad.js.gzip),
        (r.firstLoad.js.gzip / bare.firstLoad.js.gzip).toFixed(2),
        kb(r.firstLoad.html.gzip),
        kb(r.firstLoad.css.gzip),
        String(m.scores.performance ?? 'n/a'),
        String(m.scores.accessibility ?? 'n/a'),
        String(m.scores['best-practices'] ?? 'n/a'),
        String(m.scores.seo ?? 'n/a'),
        seconds(m.metrics.fcp),
        seconds(m.metrics.lcp),
        ms(m.metrics.tbt),
        m.metrics.cls === null ? 'n/a' : m.metrics.cls.toFixed(3),
      ];
    }),
    [
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
    ],
  );

  // Failing audits, once per route and audit across the runs.
  /** @type {string[]} */
  const failing = [];
  for (const r of rows) {
    /** @type {Map<string, import('./lighthouse.mjs').FailingAudit & { runs: number }>} */
    const byId = new Map();
    for (const l of r.lighthouse) {
      for (const f of l.failing) {
        const seen = byId.get(f.id);
        if (seen) {
          seen.runs++;
          seen.offenders = [...new Set([...seen.offenders, ...f.offenders])];
        } else byId.set(f.id, { ...f, runs: 1 });
      }
    }
    for (const f of byId.values()) {
      failing.push(`- ${r.route} · ${f.category} · \`${f.id}\` — ${f.title} (${f.runs}/${r.lighthouse.length} runs)`);
      for (const o of f.offenders.slice(0, 10))
        failing.push(`    - \`${o.replace(/`/g, "'").replace(/\s+/g, ' ').slice(0, 200)}\``);
      if (f.offenders.length > 10) failing.push(`    - … ${f.offenders.length - 10} more`);
    }
  }

  const first = rows[0]?.lighthouse[0];
  const markdown = [
    table,
    '',
    `Median of ${runs} Lighthouse ${first?.lighthouseVersion ?? ''} runs per route by performance score (runs: ${rows
      .map((r) => `${r.route} ${r.lighthouse.map((l) => l.scores.performance).join('/')}`)
      .join(
        ', ',
      )}); mobile, simulated slow 4G and 4× CPU; ${first?.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}.`,
    `JS: the entry, the modulepreloads and the module scripts of the server-rendered HTML (plus their static imports), each file once, gzip -9 of build/client; 1 KB = 1000 bytes. CSS: the linked sheets and the whole sheet the entry loads before hydrating (ADR 029); the page's own rules are in its HTML.`,
    `Reached as: ${rows.map((r) => `${r.route} ${r.access}`).join('; ')}.`,
    '',
    TARGETS_LINE,
    '',
    failing.length
      ? `Lighthouse audits not passing (accessibility, best practices, SEO):\n\n${failing.join('\n')}`
      : 'Lighthouse audits not passing: none.',
    ...restarts.map((r) => `\nNote: the system was restarted and the route measured again: ${r}.`),
    ...rows
      .filter((r) => r.lazyOnly?.length && !r.lazyLoaded?.length)
      .map((r) => `\nChecked: ${r.route} first load has no JS meant to load on demand (${r.lazyOnly?.join(', ')}).`),
    ...rows
      .filter((r) => r.firstLoad.notPreloaded.length)
      .map((r) => `\nNote: ${r.route} imports JS its HTML does not preload: ${r.firstLoad.notPreloaded.join(', ')}`),
  ].join('\n');

  return {
    markdown,
    missed,
    data: {
      targets: TARGETS,
      restarts,
      routes: rows.map((r) => ({
        route: r.route,
        access: r.access,
        url: r.url,
        ...(r.lazyOnly?.length && { lazyOnly: r.lazyOnly, lazyLoaded: r.lazyLoaded }),
        firstLoad: {
          jsKbGz: Number(kb(r.firstLoad.js.gzip)),
          cssKbGz: Number(kb(r.firstLoad.css.gzip)),
          htmlKbGz: Number(kb(r.firstLoad.html.gzip)),
          ...r.firstLoad,
        },
        median: { run: r.median.run, scores: r.median.scores, metrics: r.median.metrics },
        lighthouse: r.lighthouse,
      })),
    },
  };
}
