// Lighthouse 12, default (mobile) config with its default simulated throttling (slow 4G, 4× CPU),
// on the system Chromium. One fresh browser per run, runs strictly one after another (2 cores).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium, CHROMIUM_HELP } from '../lib/chromium.mjs';

export const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const METRICS = /** @type {const} */ ({
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
});

/** Audit display modes that carry a pass/fail score (the others are informative, manual, n/a). */
const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

/**
 * @typedef {object} FailingAudit
 * @property {string} category
 * @property {string} id
 * @property {string} title
 * @property {number} score
 * @property {string[]} offenders  CSS selectors of the offending nodes, or URLs / descriptions
 */

/**
 * @typedef {object} LighthouseRun
 * @property {string} url
 * @property {string} finalUrl
 * @property {Record<string, number | null>} scores  0–100 per category
 * @property {Record<keyof typeof METRICS, number | null>} metrics  ms (CLS unitless)
 * @property {Record<keyof typeof METRICS, string | null>} display  Lighthouse's own formatting
 * @property {FailingAudit[]} failing  accessibility, best-practices and SEO audits that do not pass
 * @property {string[]} warnings
 * @property {string[]} brokenAssets  same-origin scripts and stylesheets that did not load (status, URL)
 * @property {string} html  the HTML report
 * @property {string} lighthouseVersion
 * @property {string} userAgent
 */

/** What a failing audit points at: node selectors first, else URLs / sources / descriptions. */
function offendersOf(audit) {
  const items = audit.details?.items ?? [];
  /** @type {string[]} */
  const out = [];
  const visit = (item) => {
    if (!item || typeof item !== 'object') return;
    const node = item.node ?? (item.type === 'node' ? item : undefined);
    if (node?.selector) {
      out.push(node.snippet ? `${node.selector}  ${node.snippet}` : node.selector);
    } else if (item.source?.url || item.url || item.description || item.sourceLocation?.url) {
      const where = item.source?.url ?? item.sourceLocation?.url ?? item.url ?? '';
      const what = item.description ?? item.issue ?? item.message ?? '';
      out.push([where, what].filter(Boolean).join(' — '));
    } else if (item.message) {
      // robots-txt and the like: a line of a file and what is wrong with it; one entry per message.
      const seen = byMessage.get(item.message);
      if (seen) seen.count++;
      else byMessage.set(item.message, { first: item, count: 1 });
    }
    // Table rows can nest a sub-table (e.g. color-contrast → related nodes).
    for (const sub of item.subItems?.items ?? []) visit(sub);
  };
  /** @type {Map<string, { first: any, count: number }>} */
  const byMessage = new Map();
  for (const item of items) visit(item);
  for (const [message, { first, count }] of byMessage) {
    const line = typeof first.line === 'string' ? ` (${first.line.slice(0, 60)}…)` : '';
    const where = first.index ? `line ${first.index}${count > 1 ? ` and ${count - 1} more` : ''}: ` : '';
    out.push(`${where}${message}${line}`);
  }
  if (!out.length && audit.explanation) out.push(audit.explanation);
  return [...new Set(out)];
}

/** @param {any} lhr */
function failingAudits(lhr) {
  /** @type {FailingAudit[]} */
  const out = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || !SCORED.has(audit.scoreDisplayMode) || audit.score === null || audit.score >= 1) continue;
      out.push({ category, id: audit.id, title: audit.title, score: audit.score, offenders: offendersOf(audit) });
    }
  }
  return out;
}

/**
 * Same-origin JS and CSS requests of the page that did not answer 200 (or 304): the page was not
 * the page. A redirect of an asset shows up with no resource type, hence the extension check.
 * @param {any} lhr
 */
function brokenAssets(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  /** @type {string[]} */
  const out = [];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    let u;
    try {
      u = new URL(item.url);
    } catch {
      continue;
    }
    const asset = ['Script', 'Stylesheet'].includes(item.resourceType) || /\.(m?js|css)$/.test(u.pathname);
    if (u.origin === origin && asset && item.statusCode !== 200 && item.statusCode !== 304)
      out.push(`${item.statusCode} ${item.url}`);
  }
  return out;
}

/**
 * One Lighthouse run of `url` in a fresh headless Chromium.
 * @param {string} url
 * @param {{ headers?: Record<string, string> }} [options]
 * @returns {Promise<LighthouseRun>}
 */
export async function runLighthouse(url, options = {}) {
  // Lighthouse's own "please run Lighthouse again" trace failures (NO_NAVSTART, NO_FCP…) on a loaded
  // 2-core machine are not the page's: two more tries before the bench gives up.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, options);
    } catch (error) {
      const retryable =
        error instanceof Error && /Please run Lighthouse again|NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(error.message);
      if (!retryable || attempt >= 3) throw error;
      process.stderr.write(
        `[bench] ${url}: ${error.message.split('\n')[0]} — trying again (${String(attempt + 1)}/3)\n`,
      );
    }
  }
}

/** @param {string} url @param {{ headers?: Record<string, string> }} [options] @returns {Promise<LighthouseRun>} */
async function runLighthouseOnce(url, { headers = {} } = {}) {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_HELP);
  // The bench handles Ctrl-C itself (stopBrowsers), so that the servers are stopped too.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  running.add(chrome);
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        ...(Object.keys(headers).length && { extraHeaders: headers }),
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (/** @type {string} */ id) => {
      const s = lhr.categories[id]?.score;
      return typeof s === 'number' ? Math.round(s * 100) : null;
    };
    const metric = (id) => (typeof lhr.audits[id]?.numericValue === 'number' ? lhr.audits[id].numericValue : null);
    return {
      url,
      finalUrl: lhr.finalDisplayedUrl,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
      metrics: /** @type {any} */ (Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, metric(id)]))),
      display: /** @type {any} */ (
        Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.displayValue ?? null]))
      ),
      failing: failingAudits(lhr),
      warnings: lhr.runWarnings ?? [],
      brokenAssets: brokenAssets(lhr),
      html: /** @type {string} */ (Array.isArray(result.report) ? result.report[0] : result.report),
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent ?? '',
    };
  } finally {
    running.delete(chrome);
    chrome.kill();
  }
}

/** @type {Set<import('chrome-launcher').LaunchedChrome>} */
const running = new Set();

/** Kills the browsers of the runs under way (on Ctrl-C). */
export function stopBrowsers() {
  for (const chrome of running) chrome.kill();
  running.clear();
}

/**
 * The run with the median performance score (the middle one once sorted; the lower middle for
 * an even count). A run without a performance score sorts first.
 * @template {{ scores: Record<string, number | null> }} T
 * @param {T[]} runs
 * @returns {T}
 */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
