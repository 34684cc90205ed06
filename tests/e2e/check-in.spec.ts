import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Locator } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { parseCheckInCode } from '#api/check-in.ts';
import { controlledByServiceWorker, expect, gatewayUrl, snap, test, waitForHydrated } from './fixtures.ts';
import { CLUB, newMember, paidMember, staffToken } from './membership-steps.ts';

// This file's journeys need the service worker (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

// Issue 11 §6 (ADR 032): a member opens check-in, the door's scanner reads the QR (decoded here from
// a screenshot by a real QR decoder) and the member's page hears of the visit; offline the service
// worker keeps drawing codes that the door accepts; without JavaScript the server's QR refreshes.

const GM_PHONE = '0100000003';

const T = {
  vi: { qr: 'Mã check-in, đổi sau mỗi 30 giây', done: 'Đã check-in tại', offline: 'Bạn đang ngoại tuyến' },
  en: { qr: 'Check-in code, new every 30 seconds', done: 'Checked in at', offline: 'You are offline' },
};

/** What a door scanner reads from the QR on screen: the element's screenshot through jsQR. */
async function decodeQr(qr: Locator): Promise<string> {
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!found) throw new Error('no QR code in the screenshot');
  return found.data;
}

/** The code on screen, read when it is not changing under the screenshot (a new one every 30 s). */
async function readQr(qr: Locator): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await decodeQr(qr);
      return code === (await qr.getAttribute('data-code'));
    })
    .toBe(true);
  return code;
}

async function scan(request: APIRequestContext, code: string) {
  const token = await staffToken(request, GM_PHONE);
  const res = await request.post(`${gatewayUrl()}/api/v1/staff/check-in`, {
    headers: { authorization: `Bearer ${token}` },
    data: { code, clubId: CLUB },
  });
  return { status: res.status(), body: (await res.json()) as { code: string | number } };
}

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: the door reads the QR once, and the member's page shows the visit`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await paidMember(page, lang);
    // Home says how busy the member's club is now, from the same one gateway read (issue 11 §3, 18).
    await page.goto('/home');
    await expect(page.locator('.home-busyness .busyness')).toBeVisible();
    await snap(page, `${lang}-home-busyness`);
    await page.goto('/home/check-in');
    const qr = page.getByRole('img', { name: T[lang].qr });
    await expect(qr.locator('svg')).toBeVisible();
    await waitForHydrated(qr);
    expect(parseCheckInCode(await readQr(qr))).not.toBeNull();
    await snap(page, `${lang}-check-in`);

    // The staff token first: its sign-in may wait out another test's 30 s OTP limit, and the code
    // read from the screen must reach the door within its own 30 s (a code 400'd that way on CI).
    await staffToken(request, GM_PHONE);
    const code = await readQr(qr);
    expect((await scan(request, code)).status).toBe(200);
    // The same code again, at once, is refused: once and only once.
    expect((await scan(request, code)).body.code).toBe('CHECK_IN_CODE_USED');
    await expect(page.getByRole('status').filter({ hasText: T[lang].done })).toBeVisible({
      timeout: timeLimit(10_000),
    });
    await snap(page, `${lang}-check-in-done`);

    // 360 px: the QR fits, nothing sticks out sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

test('offline: the reloaded page still shows a QR, it changes after 30 s, and the door accepts it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await paidMember(page, 'vi');
  await page.goto('/home/check-in');
  const qr = page.getByRole('img', { name: T.vi.qr });
  await waitForHydrated(qr);
  await controlledByServiceWorker(page);
  const memberLine = (await page.locator('.member-pass .pass-line').first().textContent()) ?? '';
  expect(memberLine).toMatch(/^Mã hội viên \d{6}/);
  // The page keeps the key in IndexedDB (for the worker) once it has run.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('vf-check-in');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('pass')) return resolve(false);
              const get = db.transaction('pass').objectStore('pass').get('current');
              get.onsuccess = () => resolve(Boolean((get.result as { key?: string } | undefined)?.key));
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(T.vi.offline)).toBeVisible();
  const offlineQr = page.getByRole('img', { name: T.vi.qr });
  const first = await readQr(offlineQr);
  // Issue 37: the member number the online page shows, and its navigation: back to Home, the five tabs.
  await expect(page.getByText(memberLine, { exact: true })).toBeVisible();
  await expect(page.locator('nav.back').getByRole('link', { name: 'Trang chủ' })).toHaveAttribute('href', '/home');
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link')).toHaveText([
    'Trang chủ',
    'Gói tập',
    'Tập luyện',
    'InBody',
    'Lịch sử',
  ]);
  await snap(page, 'vi-check-in-offline');
  await staffToken(request, GM_PHONE); // before the code it scans is read (see above)
  // The page refreshes itself at the next step: a new code.
  await expect
    .poll(async () => page.getByRole('img', { name: T.vi.qr }).getAttribute('data-code'), {
      timeout: timeLimit(40_000),
    })
    .not.toBe(first);
  const second = (await page.getByRole('img', { name: T.vi.qr }).getAttribute('data-code'))!;
  expect(parseCheckInCode(second)!.timeStep).toBeGreaterThan(parseCheckInCode(first)!.timeStep);

  // Back at the door with a network on the scanner's side: the code drawn offline is accepted.
  await context.setOffline(false);
  expect((await scan(request, second)).status).toBe(200);
});

test('a browser that lost its key (site data cleared) gets a new device, and its code is the one shown', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await paidMember(page, 'vi');
  await page.goto('/home/check-in');
  const qr = page.getByRole('img', { name: T.vi.qr });
  await waitForHydrated(qr);
  const storedDevice = () =>
    page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('vf-check-in');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('pass')) return resolve(null);
            const get = db.transaction('pass').objectStore('pass').get('current');
            get.onsuccess = () => resolve((get.result as { deviceId?: string } | undefined)?.deviceId ?? null);
            get.onerror = () => resolve(null);
          };
          open.onerror = () => resolve(null);
        }),
    );
  const deviceOfQr = async () => parseCheckInCode((await qr.getAttribute('data-code'))!)!.deviceId;
  await expect.poll(storedDevice).toBe(await deviceOfQr());
  const before = await deviceOfQr();

  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const del = indexedDB.deleteDatabase('vf-check-in');
        del.onsuccess = del.onerror = del.onblocked = () => resolve();
      }),
  );
  await page.reload();
  await waitForHydrated(page.getByRole('img', { name: T.vi.qr }));
  // The page asked for a new device, kept its key, and now shows that device's code.
  await expect.poll(deviceOfQr).not.toBe(before);
  await expect.poll(storedDevice).toBe(await deviceOfQr());
  await staffToken(request, GM_PHONE); // before the code it scans is read (see above)
  expect((await scan(request, (await qr.getAttribute('data-code'))!)).status).toBe(200);
});

test('without JavaScript the server draws the QR and the page refreshes itself; no membership says why', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await paidMember(page, 'vi');
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  const response = await plain.goto('/home/check-in');
  const html = (await response?.text()) ?? '';
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/?><\/noscript>/);
  const qr = plain.getByRole('img', { name: T.vi.qr });
  await expect(qr.locator('svg')).toBeVisible();
  await staffToken(request, GM_PHONE); // before the code it scans is read (see above)
  const code = await readQr(qr);
  expect((await scan(request, code)).status).toBe(200);
  await snap(plain, 'vi-check-in-no-js');
  await noJs.close();

  // A member with no membership gets no QR, and the way to one.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await newMember(fresh, 'vi');
  await fresh.goto('/home/check-in');
  await expect(fresh.getByRole('img', { name: T.vi.qr })).toHaveCount(0);
  await expect(fresh.getByRole('link', { name: 'Tham gia ngay' })).toBeVisible();
  await other.close();
});

test('club cards say how busy each club is now; the club page draws the usual hours of today (from the demo visits)', async ({
  page,
}) => {
  await newMember(page, 'vi');
  await page.goto('/membership');
  const badges = page.locator('.club-card .busyness');
  await expect(badges.first()).toBeVisible();
  expect(await badges.count()).toBe(await page.locator('.club-card').count());
  for (const text of await badges.allInnerTexts())
    expect(['Đang vắng', 'Vừa phải', 'Đang đông']).toContain(text.trim());
  await page.goto(`/membership/${String(CLUB)}/detail`);
  const chart = page.getByRole('img', { name: /Số lượt vào theo giờ/ });
  await expect(chart).toBeVisible();
  expect(await chart.locator('rect').count()).toBe(18);
  // Nobody in the last 90 minutes is said as such, never "about 0" (issue 37 §12).
  await expect(page.getByText(/Khoảng [1-9]\d* người đang tập|Chưa có ai check-in gần đây/)).toBeVisible();
  await snap(page, 'vi-club-busyness');
});
