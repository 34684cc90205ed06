// Issue 39 §4: the member pages on a weak connection. Chromium (a Pixel 7) reaches the running
// system through shaped-link.mjs as a weak 3G link (400/400 kbit/s, 400 ms RTT) and as "lie-fi"
// (accepts, answers after 20 s). Per route: a first visit (nothing cached), a repeat visit (the
// service worker installed and the HTTP cache warm, a new tab of the same browser), and a
// navigation to it on lie-fi from the warm browser; beside the bare React Router app through the
// same link in the same run. The first visit's target compares medians of 3 visits of the page and
// 3 of the bare app taken in turn with them (ADR 083): the machine's load drifts over the minutes. Then an InBody sheet photographed by a 12 MP camera (about 3 MB)
// going from the tap to the confirm dialog on weak 3G.
//
// First contentful paint: the browser's own paint entry. Usable: the page is hydrated and its main
// control (below) is there and enabled: React has attached its props to that element, so a tap
// does what the app means (before that, a tap on a link or button does the browser's default).
// Times count from the start of the navigation (the new document's time origin).
/* global document, navigator, window, HTMLInputElement, Element, MutationObserver, PerformanceObserver -- the functions given to page.waitForFunction and page.evaluate run in the page */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, devices } from 'playwright';
import { ROOT } from '../lib/build-if-needed.mjs';
import { bundleForNode } from '../lib/bundle-node.mjs';
import { findChromium, CHROMIUM_HELP } from '../lib/chromium.mjs';
import { startBareApp } from './bare-app.mjs';
import { seconds } from './format.mjs';
import { memberWithMembership, signedInMember } from './routes.mjs';
import { PROFILES, startShapedLink } from './shaped-link.mjs';

/** The routes, who visits them and the control that makes each usable. */
export const WEAK_ROUTES = Object.freeze([
  { path: '/login', access: null, control: '#login button[type="submit"]' },
  { path: '/home', access: signedInMember, control: 'main .button-primary' },
  { path: '/membership', access: signedInMember, control: 'main a.choice-card' },
  // The door pass's QR: once hydrated it renews itself (the page has no button when the pass is valid).
  { path: '/home/check-in', access: memberWithMembership, control: 'main .check-in-qr' },
  { path: '/inbody', access: signedInMember, control: 'main input[type="file"]' },
]);
const BARE = { path: 'bare React Router app', control: 'main' };

export const WEAK_TARGETS = Object.freeze({
  lieFiContentMs: 5000,
  repeatUsableMs: 1500,
  firstToBare: 1.2,
  inbodyMs: 10_000,
});
const NAV_TIMEOUT_MS = 60_000;
/** First visits of each route and of the bare app, taken in turn, whose medians the target compares. */
const FIRST_VISITS = 3;

/**
 * Navigates `page` to `url` and reads when the new document first painted and became usable.
 * @param {import('playwright').Page} page @param {string} url @param {string} control
 * @param {{ usable?: boolean, timeout?: number }} [options]
 */
async function visit(page, url, control, { usable = true, timeout = NAV_TIMEOUT_MS } = {}) {
  const started = performance.now();
  try {
    await page.goto(url, { waitUntil: 'commit', timeout });
  } catch (error) {
    return {
      fcp: null,
      usable: null,
      error: String(error instanceof Error ? error.message.split('\n')[0] : error),
      wall: performance.now() - started,
    };
  }
  const fcp = await page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false, undefined, {
      timeout,
      polling: 50,
    })
    .then((h) => /** @type {Promise<number>} */ (h.jsonValue()))
    .catch(() => null);
  const ready = usable
    ? await page
        .waitForFunction(
          (selector) => {
            const el = /** @type {HTMLButtonElement | null} */ (document.querySelector(selector));
            const hydrated = el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
            return hydrated && !el.disabled ? performance.now() : false;
          },
          control,
          { timeout, polling: 'raf' },
        )
        .then((h) => /** @type {Promise<number>} */ (h.jsonValue()))
        .catch(() => null)
    : null;
  return { fcp, usable: ready, error: null, wall: performance.now() - started };
}

/**
 * Waits until a service worker controls new pages of this browser context (installed and active);
 * false when the page registered none within 15 s of its load (the bare app has none).
 */
async function workerReady(page) {
  await page.waitForLoadState('load', { timeout: 60_000 }).catch(() => undefined);
  return page
    .evaluate(async () => {
      const sw = navigator.serviceWorker;
      if (!sw) return false;
      for (let waited = 0; !(await sw.getRegistration()); waited += 250) {
        if (waited > 15_000) return false;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return sw.ready.then(() => true);
    })
    .catch(() => false);
}

/**
 * The three visits of one page: first (cold), repeat (warm, new tab), and on lie-fi (warm).
 * @param {import('playwright').Browser} browser
 * @param {ReturnType<typeof startShapedLink> extends Promise<infer L> ? L : never} link
 * @param {string} url @param {string} control
 * @param {import('playwright').Cookie[]} cookies
 */
async function threeVisits(browser, link, url, control, cookies) {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
  try {
    if (cookies.length) await context.addCookies(cookies);
    link.set(PROFILES.weak3g);
    link.cut();
    const page = await context.newPage();
    const first = await visit(page, url, control);
    // The worker's install fetches its precache one file after another: on weak 3G that is minutes
    // (issue 39 §2). The repeat visit needs it installed, not how: it installs on an open link.
    link.set(PROFILES.open);
    const worker = await Promise.race([workerReady(page), new Promise((r) => setTimeout(() => r(false), 120_000))]);
    // Whatever the worker still downloads finishes before the repeat visit is timed.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.close();
    link.set(PROFILES.weak3g);
    link.cut();
    const again = await context.newPage();
    await again.goto('about:blank');
    const repeat = await visit(again, url, control);
    link.set(PROFILES.lieFi);
    link.cut();
    const lieFi = await visit(again, url, control, { usable: false, timeout: 30_000 });
    link.set(PROFILES.weak3g);
    link.cut();
    return { first, repeat, lieFi, worker: worker === true };
  } finally {
    await context.close();
  }
}

/**
 * One more first visit (a new browser context: nothing cached, no worker) on weak 3G.
 * @param {import('playwright').Browser} browser
 * @param {Awaited<ReturnType<typeof startShapedLink>>} link
 * @param {string} url @param {string} control @param {import('playwright').Cookie[]} cookies
 */
async function firstVisit(browser, link, url, control, cookies) {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
  try {
    if (cookies.length) await context.addCookies(cookies);
    link.set(PROFILES.weak3g);
    link.cut();
    return await visit(await context.newPage(), url, control);
  } finally {
    await context.close();
  }
}

/** The middle value (the lower middle of an even count); null when a visit never became usable. @param {(number | null)[]} values */
const median = (values) =>
  values.includes(null) ? null : /** @type {number[]} */ ([...values]).sort((a, b) => a - b)[(values.length - 1) >> 1];

/** Cookie objects for the browser from a Cookie header. @param {string | undefined} header @param {string} url */
const cookiesOf = (header, url) =>
  (header ?? '')
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });

/** A ~3 MB camera photo of an InBody sheet (camera-photo.ts), made once per build/ folder. */
async function cameraPhoto() {
  const outdir = path.join(ROOT, 'build/bench-weak');
  const file = path.join(outdir, 'camera.jpg');
  if (existsSync(file)) return file;
  await bundleForNode({ 'camera-photo': 'scripts/bench/camera-photo.ts' }, outdir);
  const made = spawnSync(process.execPath, [path.join(outdir, 'camera-photo.js'), file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`making the camera photo failed: ${made.stderr}`);
  return file;
}

/**
 * Watches the InBody upload from inside the page (its own clock): the photo picked, the shrunk photo
 * ready (the button enabled again), the tap, the first progress bar, the last byte up (the "reading"
 * step), the reading's answer (the POST's last byte back), the next data request after it (a
 * revalidation) and the confirm dialog on screen. Read back with UPLOAD_STAGES_READ.
 */
function watchUploadStages() {
  /** @type {Record<string, number>} */
  const at = {};
  /** @type {{ url: string, type: string, start: number, end: number }[]} */
  const requests = [];
  const mark = (name) => (at[name] ??= performance.now());
  const button = () => document.querySelector('main form[enctype="multipart/form-data"] button[type="submit"]');
  document.addEventListener(
    'change',
    (e) => e.target instanceof HTMLInputElement && e.target.type === 'file' && mark('picked'),
    true,
  );
  const stages = { at, requests, fileBytes: /** @type {number | undefined} */ (undefined) };
  document.addEventListener(
    'click',
    (e) => {
      if (!(e.target instanceof Element) || e.target.closest('button') !== button()) return;
      mark('tap');
      const input = /** @type {HTMLInputElement | null | undefined} */ (
        button()?.closest('form')?.querySelector('input[type="file"]')
      );
      stages.fileBytes ??= input?.files?.[0]?.size;
    },
    true,
  );
  const look = () => {
    const b = button();
    if (at.picked && b && !b.disabled && !at.tap) mark('shrunk');
    if (document.querySelector('main progress')) mark('progress');
    if (document.querySelector('main .upload-step.current[aria-current="step"]')) mark('sent');
    const dialog = document.querySelector('main [role="dialog"]');
    if (dialog && dialog.getBoundingClientRect().height > 0) mark('dialog');
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
      if (at.picked !== undefined)
        requests.push({
          url: new URL(entry.name).pathname,
          type: entry.initiatorType,
          start: entry.startTime - at.picked,
          end: entry.responseEnd - at.picked,
        });
      if (!entry.name.includes('.data')) continue;
      if (entry.initiatorType === 'xmlhttprequest' || (at.tap && !at.answer && entry.startTime >= at.tap)) {
        at.answer ??= entry.responseEnd;
      } else if (at.answer && entry.startTime >= at.answer - 5) {
        at.revalidated ??= entry.responseEnd;
      }
    }
  }).observe({ type: 'resource', buffered: false });
  Object.defineProperty(window, '__uploadStages', { value: stages });
}

/** How long the member spends in the camera between tapping the photo field and the photo being picked. */
const CAMERA_MS = 3000;

/** The stages above, in ms from the photo being picked. */
const UPLOAD_STAGES = ['shrunk', 'tap', 'progress', 'sent', 'crossed', 'answer', 'revalidated', 'dialog'];

/**
 * The InBody tab on weak 3G: the page opened, the photo chosen at once, the tap, the confirm dialog.
 * `installed`: the app was opened before (its worker installed on an open link, as threeVisits does),
 * this is a new tab of it; else a first visit, the worker's install sharing the link with the upload.
 * @param {import('playwright').Browser} browser @param {Awaited<ReturnType<typeof startShapedLink>>} link
 * @param {string} url @param {import('playwright').Cookie[]} cookies @param {{ installed: boolean }} how
 */
async function inbodyUpload(browser, link, url, cookies, { installed }) {
  const photo = await cameraPhoto();
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
  try {
    await context.addCookies(cookies);
    if (installed) {
      link.set(PROFILES.open);
      const before = await context.newPage();
      await before.goto(url);
      await workerReady(before);
      await before.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
      await before.close();
    }
    link.set(PROFILES.weak3g);
    link.cut();
    const page = await context.newPage();
    const warm = await visit(page, url, 'main input[type="file"]');
    if (warm.usable === null) throw new Error(`/inbody was not usable on weak 3G: ${String(warm.error)}`);
    await page.evaluate(watchUploadStages);
    /** @type {string[]} what went wrong in the page meanwhile (console errors, uncaught errors, the error page) */
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text().slice(0, 300)));
    page.on('pageerror', (e) => errors.push(String(e).slice(0, 300)));
    // Which request failed, and how (the console says only "Failed to load resource: net::…").
    page.on('requestfailed', (r) =>
      errors.push(`${r.method()} ${new URL(r.url()).pathname} failed: ${r.failure()?.errorText ?? '?'}`),
    );
    // The member taps the field (the phone opens its camera), frames the sheet for CAMERA_MS, and
    // taps "Đọc tờ kết quả" as soon as the photo is picked: the shrinking counts, the framing does not.
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Ảnh tờ kết quả').click();
    await new Promise((resolve) => setTimeout(resolve, CAMERA_MS));
    const sentBefore = link.sent().up;
    const tapped = performance.now();
    await (await chooser).setFiles(photo);
    await page.getByRole('button', { name: 'Đọc tờ kết quả' }).click();
    /** @type {number | null} */
    let progressSeen = null;
    const watch = page
      .locator('progress, [role="progressbar"]')
      .first()
      .waitFor({ state: 'visible', timeout: 120_000 })
      .then(() => (progressSeen = performance.now() - tapped))
      .catch(() => undefined);
    const dialog = await page
      .getByRole('dialog', { name: 'Cập nhật dữ liệu InBody' })
      .waitFor({ state: 'visible', timeout: 120_000 })
      .then(() => performance.now() - tapped)
      .catch(() => null);
    await Promise.race([watch, new Promise((r) => setTimeout(r, 100))]);
    const { at: marks, requests } = /** @type {{ at: Record<string, number>, requests: object[] }} */ (
      await page.evaluate(() => /** @type {any} */ (window).__uploadStages).catch(() => ({ at: {}, requests: [] }))
    );
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    // The photo as the form sent it (its multipart wrapping is a few hundred bytes more).
    const postBytes = /** @type {number | null} */ (
      await page.evaluate(() => window.__uploadStages.fileBytes ?? null).catch(() => null)
    );
    const upAt = postBytes === null ? null : link.upAt(sentBefore + postBytes);
    if (upAt !== null && marks.picked !== undefined) marks.crossed = performance.timeOrigin + upAt - pageOrigin;
    /** @type {Record<string, number | null>} */
    const stages = {};
    for (const name of UPLOAD_STAGES)
      stages[name] = marks.picked !== undefined && marks[name] !== undefined ? marks[name] - marks.picked : null;
    return {
      photoBytes: readFileSync(photo).length,
      uploadedBytes: link.sent().up - sentBefore,
      postBytes,
      dialogMs: dialog,
      progressMs: progressSeen,
      stages,
      requests,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** @param {import('./index.mjs').SectionContext} ctx @returns {Promise<import('./index.mjs').SectionResult>} */
export async function measureWeakNetwork(ctx) {
  const { system, log } = ctx;
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_HELP);
  const web = new URL(system.webUrl);
  const link = await startShapedLink({ host: '127.0.0.1', port: Number(web.port) });
  const bareApp = await startBareApp();
  const bareLink = await startShapedLink({ host: '127.0.0.1', port: Number(new URL(bareApp.url).port) });
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--disable-quic', '--disable-dev-shm-usage', '--no-sandbox'],
  });
  /** @type {Map<object, Record<string, string>>} */
  const sessions = new Map();
  const rows = [];
  let upload = null;
  try {
    log('weak network: bare app');
    const bare = await threeVisits(browser, bareLink, `${bareLink.url}/`, BARE.control, []);
    // --routes narrows the pages (and the InBody upload goes with /inbody); the bare app is always there.
    for (const route of WEAK_ROUTES.filter((r) => ctx.routes.some((asked) => asked.path === r.path))) {
      if (route.access && !sessions.has(route.access)) sessions.set(route.access, await route.access.headers(system));
      const cookies = cookiesOf(route.access ? sessions.get(route.access)?.Cookie : undefined, link.url);
      log(`weak network: ${route.path}`);
      const visits = await threeVisits(browser, link, `${link.url}${route.path}`, route.control, cookies);
      // The machine's load drifts over the minutes this section takes: the first visit is compared
      // with the bare app's taken in turn with it, FIRST_VISITS of each, medians.
      const ours = [visits.first.usable];
      const bares = [];
      for (let i = 0; i < FIRST_VISITS; i++) {
        // The baseline that failed to load (a navigation error, never hydrated) says nothing about
        // ours: it is said in the log and taken again, once.
        let bareVisit = await firstVisit(browser, bareLink, `${bareLink.url}/`, BARE.control, []);
        if (bareVisit.usable === null) {
          log(
            `weak network: a first visit of the bare app failed (${String(bareVisit.error ?? 'never usable')}); once more`,
          );
          bareVisit = await firstVisit(browser, bareLink, `${bareLink.url}/`, BARE.control, []);
        }
        bares.push(bareVisit.usable);
        if (i > 0)
          ours.push((await firstVisit(browser, link, `${link.url}${route.path}`, route.control, cookies)).usable);
      }
      rows.push({
        path: route.path,
        ...visits,
        paired: { ours, bare: bares, usable: median(ours), bareUsable: median(bares) },
      });
    }
    if (ctx.routes.some((r) => r.path === '/inbody')) {
      // A member each: the first upload leaves a draft that the page would open with.
      const inbodyUrl = `${link.url}/inbody`;
      const member = async () => cookiesOf((await signedInMember.headers(system)).Cookie, link.url);
      log('weak network: InBody upload of a 3 MB camera photo, first visit');
      const first = await inbodyUpload(browser, link, inbodyUrl, await member(), { installed: false });
      log('weak network: InBody upload of a 3 MB camera photo, app installed');
      const installed = await inbodyUpload(browser, link, inbodyUrl, await member(), { installed: true });
      upload = { first, installed };
    }
    return report(bare, rows, upload);
  } finally {
    await browser.close();
    await link.stop();
    await bareLink.stop();
    await bareApp.stop();
  }
}

/** @param {number | null} n */
const t = (n) => seconds(n);

const STAGE_NAMES = {
  shrunk: 'photo shrunk',
  tap: 'tap',
  progress: 'first progress bar',
  sent: 'bar at 100 % (last byte handed to the socket)',
  crossed: 'last byte over the link',
  answer: 'reading answered',
  revalidated: 'data reloaded',
  dialog: 'dialog on screen',
};

/** The InBody uploads: bytes, tap → dialog, and each stage from the photo being picked. */
function uploadReport(upload) {
  const cases = Object.entries(upload);
  const { photoBytes } = cases[0][1];
  return [
    `InBody upload on weak 3G of a ${(photoBytes / 1e6).toFixed(1)} MB camera photo: the field tapped once the page is usable, ${t(CAMERA_MS)} in the camera, “Đọc tờ kết quả” tapped as soon as the photo is picked; stages in the page's clock from the pick:`,
    '',
    `| stage | ${cases.map(([how]) => (how === 'first' ? 'first visit' : 'app installed')).join(' | ')} |`,
    `|:--|${cases.map(() => '--:').join('|')}|`,
    ...Object.entries(STAGE_NAMES).map(
      ([key, name]) => `| ${name} | ${cases.map(([, u]) => t(u.stages[key] ?? null)).join(' | ')} |`,
    ),
    `| **tap → confirm dialog** | ${cases.map(([, u]) => `**${t(u.dialogMs)}**`).join(' | ')} |`,
    `| first progress after the tap | ${cases.map(([, u]) => t(u.progressMs)).join(' | ')} |`,
    `| the photo as sent | ${cases.map(([, u]) => (u.postBytes === null ? 'n/a' : `${(u.postBytes / 1e3).toFixed(0)} KB`)).join(' | ')} |`,
    `| sent up from the pick (all requests) | ${cases.map(([, u]) => `${(u.uploadedBytes / 1e3).toFixed(0)} KB`).join(' | ')} |`,
  ];
}

function report(bare, rows, upload) {
  const missed = [];
  const line = (name, r) =>
    `| ${name} | ${t(r.first.fcp)} | ${t(r.first.usable)} | ${t(r.repeat.fcp)} | ${t(r.repeat.usable)} | ${r.lieFi.fcp === null ? `nothing in ${t(r.lieFi.wall)}` : t(r.lieFi.fcp)} | ${r.worker ? 'yes' : 'no'} |`;
  for (const r of rows) {
    if (r.lieFi.fcp === null || r.lieFi.fcp > WEAK_TARGETS.lieFiContentMs)
      missed.push(
        `lie-fi ${r.path}: content after ${t(r.lieFi.fcp ?? r.lieFi.wall)} (> ${t(WEAK_TARGETS.lieFiContentMs)})`,
      );
    if (r.repeat.usable === null || r.repeat.usable > WEAK_TARGETS.repeatUsableMs)
      missed.push(
        `weak 3G repeat visit ${r.path}: usable after ${t(r.repeat.usable)} (> ${t(WEAK_TARGETS.repeatUsableMs)})`,
      );
    const limit = (r.paired.bareUsable ?? 0) * WEAK_TARGETS.firstToBare;
    if (r.paired.usable === null || r.paired.usable > limit)
      missed.push(
        `weak 3G first visit ${r.path}: usable after ${t(r.paired.usable)} (median of ${FIRST_VISITS}; > the bare app's ${t(r.paired.bareUsable)}, taken in turn with it, + 20 %)`,
      );
  }
  for (const [how, u] of Object.entries(upload ?? {}))
    if (u.dialogMs === null || u.dialogMs > WEAK_TARGETS.inbodyMs)
      missed.push(
        `InBody 3 MB photo on weak 3G (${how}): confirm dialog after ${t(u.dialogMs)} (> ${t(WEAK_TARGETS.inbodyMs)})`,
      );
  const markdown = [
    `Through a shaped link: ${PROFILES.weak3g.name}; lie-fi: ${PROFILES.lieFi.name}. Pixel 7 viewport and user agent. Usable: hydrated, main control enabled.`,
    '',
    '| page | first visit FCP | first visit usable | repeat visit FCP | repeat visit usable | lie-fi (warm): content | worker installed |',
    '|:--|--:|--:|--:|--:|--:|:--|',
    line(BARE.path, bare),
    ...rows.map((r) => line(r.path, r)),
    '',
    `First visit usable, ${FIRST_VISITS} visits of each page taken in turn with ${FIRST_VISITS} of the bare app (medians; the target compares these):`,
    '',
    '| page | ours | bare app | ours ÷ bare | ours, each | bare app, each |',
    '|:--|--:|--:|--:|:--|:--|',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${t(r.paired.usable)} | ${t(r.paired.bareUsable)} | ${r.paired.usable !== null && r.paired.bareUsable ? (r.paired.usable / r.paired.bareUsable).toFixed(2) : 'n/a'} | ${r.paired.ours.map(t).join(', ')} | ${r.paired.bare.map(t).join(', ')} |`,
    ),
    '',
    ...(upload ? ['', ...uploadReport(upload)] : []),
    `Targets (issue 39): lie-fi content ≤ ${t(WEAK_TARGETS.lieFiContentMs)}; repeat visit usable ≤ ${t(WEAK_TARGETS.repeatUsableMs)}; first visit usable (median) ≤ the bare app's (median, same minutes) + 20 %; InBody dialog ≤ ${t(WEAK_TARGETS.inbodyMs)}.`,
  ].join('\n');
  return { markdown, data: { bare, routes: rows, upload }, missed };
}
