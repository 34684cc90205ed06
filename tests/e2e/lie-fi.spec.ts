import { timeLimit } from '#tests/support/time-limit.ts';
import http from 'node:http';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  test as base,
  controlledByServiceWorker,
  expect,
  signUpInBrowser,
  snap,
  testClientIp,
  waitForHydrated,
  watchConsole,
} from './fixtures.ts';

// Issue 39 §1 (ADR 067): on "lie-fi" (one bar of signal, a stalled mobile network: the connection is
// accepted, the answer comes 20 s later) an installed app showed the previous page for 45 s and more.
// The service worker now bounds every navigation: a page answers from the network within 4 s, else
// with its last good copy (a banner says so) or the offline page; a form keeps what was typed.

const ANSWER_AFTER_MS = 20_000;

type LieFi = { url: string; hang(on: boolean): void; stop(): Promise<void> };

/**
 * A proxy in front of the web server: every request goes through, except while `hang(true)`, when
 * each is accepted and forwarded only 20 s later (what the server then answers reaches the browser).
 */
async function lieFiProxy(target: string): Promise<LieFi> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  // This test's own client address (fixtures.ts), for what the worker fetches too.
  const clientIp = testClientIp();
  let hanging = false;
  const server = http.createServer((req, res) => {
    const forward = () => {
      const headers = { ...req.headers, 'x-forwarded-for': req.headers['x-forwarded-for'] ?? clientIp };
      const up = http.request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    if (hanging) setTimeout(forward, ANSWER_AFTER_MS);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${String(port)}`,
    hang: (on) => void (hanging = on),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

const test = base.extend<{ lieFi: LieFi }>({
  lieFi: async ({}, use) => {
    const proxy = await lieFiProxy(process.env.E2E_BASE_URL!);
    await use(proxy);
    await proxy.stop();
  },
  baseURL: async ({ lieFi }, use) => {
    await use(lieFi.url);
  },
});

// This file's journeys need the service worker (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

const savedCopyBanner = (page: Page) => page.locator('#saved-copy');

/**
 * Taps a link (the app's client navigation) and waits for what the worker answers. Returns the ms
 * from the tap to the first contentful paint of the page that answered, both read from the
 * browser's clock (the tap's time is kept in sessionStorage across the page load), so the test
 * runner's polling adds nothing.
 */
async function tapTimed(page: Page, link: ReturnType<Page['getByRole']>, shows: () => Promise<void>): Promise<number> {
  await waitForHydrated(link);
  await link.evaluate((element) =>
    element.addEventListener('click', () => sessionStorage.setItem('tapAt', String(Date.now())), {
      capture: true,
      once: true,
    }),
  );
  await link.click();
  await shows();
  const painted = await page.waitForFunction(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return paint ? performance.timeOrigin + paint.startTime - Number(sessionStorage.getItem('tapAt')) : null;
  });
  return Math.round((await painted.jsonValue()) as number);
}

test('lie-fi: links to /home and /login show the saved copy within 5 s, renewed when the network answers; another member never sees it', async ({
  page,
  request,
  lieFi,
}) => {
  test.setTimeout(240_000);
  const timings: Record<string, number> = {};

  // Member A, with the worker in control: /login (public), /home and /account (A's) are kept.
  await page.goto('/landing');
  await controlledByServiceWorker(page);
  const phoneA = await signUpInBrowser(page, request);
  await page.getByRole('link', { name: 'Tài khoản' }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  const shownPhoneA = phoneA.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3');
  await expect(page.getByText(shownPhoneA)).toBeVisible();

  // Lie-fi: the bottom navigation's "Trang chủ".
  lieFi.hang(true);
  timings.home = await tapTimed(page, page.getByRole('link', { name: 'Trang chủ' }), async () => {
    await expect(savedCopyBanner(page)).toBeVisible({ timeout: 5_000 });
  });
  await expect(page).toHaveURL(/\/home$/);
  await expect(savedCopyBanner(page)).toContainText(/^Bản lưu lúc \d\d:\d\d — đang thử kết nối lại/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Trang chủ' })).toBeVisible();
  // The copy hydrates as it was rendered (its own CSP nonce, no mismatch with the banner).
  const problems = watchConsole(page);
  await waitForHydrated(page.getByRole('link', { name: 'Tài khoản' }).first());
  await snap(page, 'lie-fi-home-saved-copy');
  // The network's answer, 20 s late, renews the copy; the banner offers it.
  await expect(savedCopyBanner(page)).toContainText('Đã có bản mới', { timeout: ANSWER_AFTER_MS + 15_000 });
  await expect(savedCopyBanner(page).getByRole('link', { name: 'Xem bản mới' })).toBeVisible();
  await snap(page, 'lie-fi-home-renewed');
  expect(problems.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
  lieFi.hang(false);

  // Signed out, on a signed-out page: /login is the public copy.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  lieFi.hang(true);
  timings.login = await tapTimed(page, page.getByRole('link', { name: 'Đăng nhập / Đăng ký' }), async () => {
    await expect(savedCopyBanner(page)).toBeVisible({ timeout: 5_000 });
  });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name="phoneNumber"]')).toBeVisible();
  await snap(page, 'lie-fi-login-saved-copy');
  lieFi.hang(false);

  // Member B on the same phone: A's /account is not theirs to see, even with no network at all.
  await signUpInBrowser(page, request);
  lieFi.hang(true);
  timings.account = await tapTimed(page, page.getByRole('link', { name: 'Tài khoản' }).first(), async () => {
    await expect(page.getByRole('heading', { name: 'Không có kết nối mạng' })).toBeVisible({ timeout: 5_000 });
  });
  await expect(page.getByText(shownPhoneA)).toHaveCount(0);
  await snap(page, 'lie-fi-account-offline-page');
  const keptTexts = await page.evaluate(async () => {
    const cache = await caches.open('page-copies-v1');
    return Promise.all((await cache.keys()).map(async (key) => (await (await cache.match(key))?.text()) ?? ''));
  });
  const phoneAShown = new RegExp(`${phoneA.slice(0, 4)}\\D{1,8}${phoneA.slice(4, 7)}\\D{1,8}${phoneA.slice(7)}`);
  expect(keptTexts.filter((html) => phoneAShown.test(html))).toEqual([]);
  lieFi.hang(false);

  console.log(`lie-fi: tap to content ${JSON.stringify(timings)} ms`);
  for (const [route, ms] of Object.entries(timings)) expect(ms, route).toBeLessThan(5_000);
});

test('lie-fi: a form sent while the network hangs keeps what was typed and says so; the late answer goes through once', async ({
  page,
  request,
  lieFi,
}) => {
  test.setTimeout(120_000);
  await page.goto('/landing');
  await controlledByServiceWorker(page);
  await signUpInBrowser(page, request);
  await page.goto('/account/name');
  const name = page.getByLabel('Họ và tên');
  await waitForHydrated(name);
  await name.fill('Phạm Minh Châu');

  lieFi.hang(true);
  const start = Date.now();
  await page.getByRole('button', { name: 'Lưu tên' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Chưa gửi được — mạng đang chậm' });
  await expect(notice).toBeVisible({ timeout: 5_000 });
  const shownAfter = Date.now() - start;
  await expect(name).toHaveValue('Phạm Minh Châu');
  await expect(page).toHaveURL(/\/account\/name$/);
  await snap(page, 'lie-fi-form-kept');
  lieFi.hang(false);
  console.log(`lie-fi: form notice after ${String(shownAfter)} ms`);

  // Nothing is sent again: the one request, answered 20 s late, saves the name once.
  await expect(page).toHaveURL(/\/home$/, { timeout: ANSWER_AFTER_MS + 15_000 });
  await expect(page.getByText('Xin chào, Phạm Minh Châu!')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('lie-fi: a whole-page form (no script running) stays on screen as typed when the network hangs', async ({
  page,
  request,
  lieFi,
}) => {
  test.setTimeout(120_000);
  await page.goto('/landing');
  await controlledByServiceWorker(page);
  await signUpInBrowser(page, request);
  // The page's scripts off (the worker still runs): the form is sent as a whole page, as before hydration.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.goto('/account/name');
  const name = page.getByLabel('Họ và tên');
  await name.fill('Đỗ Thị Lan');
  lieFi.hang(true);
  const start = Date.now();
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/account/name',
  );
  await page.getByRole('button', { name: 'Lưu tên' }).click({ noWaitAfter: true });
  // The worker answers 204 after its wait: the browser stays on this page, with what was typed.
  expect((await answered).status()).toBe(204);
  const answeredAfter = Date.now() - start;
  await page.waitForTimeout(1_000);
  // Read through the DevTools protocol: Playwright's own waits take the navigation a 204 cancels for
  // one still going.
  expect(page.url()).toMatch(/\/account\/name$/);
  const read = async (expression: string) =>
    ((await cdp.send('Runtime.evaluate', { expression })) as { result: { value?: unknown } }).result.value;
  expect(await read(`document.querySelector('main input[type="text"], main input:not([type])')?.value`)).toBe(
    'Đỗ Thị Lan',
  );
  expect(await read('document.querySelector("h1")?.textContent')).toBe('Bạn tên là gì?');
  expect(await read('performance.getEntriesByType("navigation").length')).toBe(1);
  await page.screenshot({ path: 'test-results/screens/lie-fi-whole-page-form-kept.png' });
  console.log(`lie-fi: whole-page form answered 204 after ${String(answeredAfter)} ms, still as typed`);
  expect(answeredAfter).toBeLessThan(5_000);
  lieFi.hang(false);
});

/** A black photo: the reader refuses it at once ("too dark"), so its answer is the network's only. */
const blackPhoto = async () => ({
  name: 'sheet.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#050505' } })
    .jpeg()
    .toBuffer(),
});

test('a photo that has gone up says nothing of a slow network while the server works on it, however long', async ({
  page,
  request,
  lieFi,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, request);
  await page.goto('/inbody');
  const input = page.getByLabel('Ảnh tờ kết quả');
  await waitForHydrated(input);
  // A small photo: it goes up at once into the connection, whose answer comes 20 s later (a reading
  // that long, as on a loaded server).
  await input.setInputFiles(await blackPhoto());
  const read = page.getByRole('button', { name: 'Đọc tờ kết quả' });
  await expect(read).toBeEnabled();
  lieFi.hang(true);
  await read.click();
  await expect(page.getByRole('status').filter({ hasText: 'Đang đọc phiếu…' })).toBeVisible({ timeout: 5_000 });
  // Past the 3.5 s after which a form that is not answered says the network is slow.
  await page.waitForTimeout(6_000);
  const slowNotice = page.getByText('Chưa gửi được — mạng đang chậm');
  await expect(slowNotice).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Đang đọc phiếu…' })).toBeVisible();
  await snap(page, 'lie-fi-upload-reading-no-slow-notice');
  lieFi.hang(false);
  // The late answer: the reading's (a black photo is refused, with its reason).
  await expect(page.getByRole('alert').filter({ hasText: 'Không đọc được ảnh này' })).toBeVisible({
    timeout: ANSWER_AFTER_MS + 30_000,
  });
  await expect(slowNotice).toHaveCount(0);
});

test('a photo sent as a whole page (no script running) is left to the network: its late answer shows, not a 204', async ({
  page,
  request,
  lieFi,
}) => {
  test.setTimeout(120_000);
  await page.goto('/landing');
  await controlledByServiceWorker(page);
  await signUpInBrowser(page, request);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.goto('/inbody');
  await page.getByLabel('Ảnh tờ kết quả').setInputFiles(await blackPhoto());
  lieFi.hang(true);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/inbody',
    { timeout: ANSWER_AFTER_MS + 30_000 },
  );
  await page.getByRole('button', { name: 'Đọc tờ kết quả' }).click({ noWaitAfter: true });
  await page.waitForTimeout(1_500); // the photo's request is held by the proxy; what follows is not
  lieFi.hang(false);
  expect((await answered).status()).not.toBe(204);
  await expect(page.getByText('Không đọc được ảnh này')).toBeVisible({ timeout: timeLimit(30_000) });
});
