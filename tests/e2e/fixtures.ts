import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomPhone } from '#tests/support/phones.ts';
import { timeLimit } from '#tests/support/time-limit.ts';
import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

export { expect, randomPhone };

export const gatewayUrl = () => process.env.E2E_GATEWAY_URL!;

/** Reads the newest code from the sandbox SMS outbox, waiting briefly for it to arrive. */
export async function readOtp(request: APIRequestContext, phone: string, notThis?: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await request.get(`${gatewayUrl()}/sandbox/sms?phone=${phone}`);
    const body = (await res.json()) as { data?: { text: string }[] };
    const code = body.data?.[0]?.text.match(/\b(\d{4})\b/)?.[1];
    if (code && code !== notThis) return code;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no OTP for ${phone}`);
}

const screensDir = path.resolve('test-results/screens');
mkdirSync(screensDir, { recursive: true });

/** Keeps a full-page screenshot of a screen as an artifact, to be looked at. */
export async function snap(page: Page, name: string) {
  // Animations stay on: disabling them would fast-forward the toast to its hidden end state.
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/**
 * The same for a page that reloads itself (a meta refresh): a screenshot that a reload interrupts
 * never finishes and used to eat the whole test timeout on a busy runner, so it gets a few seconds
 * and is skipped (with a note in the report) when a reload comes first.
 */
export async function snapReloading(page: Page, name: string) {
  await page
    .screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true, timeout: 4_000 })
    .catch((error: unknown) => {
      console.warn(
        `screenshot ${name} skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    });
}

/**
 * Each test browses from its own address (the RFC 2544 benchmark range), as members do from their
 * own phones, so the per-address OTP limit (30 sends an hour) counts per test and not for the whole
 * suite. The test servers set TRUST_PROXY=loopback (global-setup.ts), so the web server takes
 * X-Forwarded-For from loopback and passes it on; the default trusts no proxy.
 */
export const testClientIp = () => `198.18.${String(randomInt(0, 256))}.${String(randomInt(1, 255))}`;

export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': testClientIp() });
  },
});

/** ADR 114: a journey's own time limit is written for a quiet machine, and doubled on CI (as the config's). */
const setOwnTimeout = test.setTimeout.bind(test);
test.setTimeout = (ms: number) => setOwnTimeout(timeLimit(ms));

/**
 * The toast saying `text`. It is in the page until the next navigation, but CSS hides it after
 * 1.8 s (spec §9: a toast lasts 1,500 ms), so a journey asks for it to be attached, not visible: a busy
 * runner can take longer than that to look.
 */
export const toastSaying = (page: Page, text: string | RegExp) => page.locator('.toast').filter({ hasText: text });

/** Types a code into the four boxes, one digit per box, as a person would. */
export async function typeOtp(page: Page, code: string) {
  for (const [i, digit] of [...code].entries()) {
    await page.getByRole('textbox', { name: new RegExp(`(Chữ số thứ|Digit) ${i + 1}$`) }).fill(digit);
  }
}

/** From /login to the code page for this phone. */
export async function requestCode(page: Page, phone: string) {
  await page.goto('/login');
  await page.getByLabel('Số điện thoại').fill(phone);
  await page.getByRole('button', { name: 'Nhận mã OTP' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
}

/** A new member, signed up through the UI, on /home. */
export async function signUpInBrowser(
  page: Page,
  request: APIRequestContext,
  phone = randomPhone(),
  referralCode?: string,
) {
  await requestCode(page, phone);
  await typeOtp(page, await readOtp(request, phone));
  await expect(page).toHaveURL(/\/sign-up$/);
  if (referralCode) await page.getByLabel('Mã giới thiệu (không bắt buộc)').fill(referralCode);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await skipNameStep(page);
  return phone;
}

/**
 * A form of the app posted from the page's own request context (it shares the page's cookies and
 * client address): the redirect's target, without loading it. Journeys use this for setup that
 * they do not test, so the browser does not render the pages on the way.
 */
export async function postForm(page: Page, path: string, form: Record<string, string>): Promise<string> {
  const res = await page.request.post(path, { form, maxRedirects: 0 });
  const location = res.headers()['location'];
  expect(res.status(), `POST ${path}: ${location ?? (await res.text()).slice(0, 300)}`).toBe(302);
  return new URL(location!, 'http://app.invalid').pathname;
}

/**
 * A new member signed up through the sign-up forms' POSTs (phone, code, the terms), the session
 * cookie set in the page's context; the page is not moved. The journeys that test signing up
 * (auth, sign-up-race, gateway-down, referral's friend, shell's without JavaScript) go through the
 * pages instead. The name step's page is still asked for: it shows (and so spends) the sign-up's
 * toast, as the pages do.
 */
export async function signUpByForms(page: Page, phone = randomPhone(), referralCode?: string) {
  expect(await postForm(page, '/login', { phoneNumber: phone })).toBe('/verify-otp');
  expect(await postForm(page, '/verify-otp', { otp: await readOtp(page.request, phone) })).toBe('/sign-up');
  expect(await postForm(page, '/sign-up', { acceptTerms: 'on', ...(referralCode ? { referralCode } : {}) })).toBe(
    '/account/name',
  );
  expect((await page.request.get('/account/name')).ok()).toBe(true);
  return phone;
}

/** A new member, signed up by the forms' POSTs (signUpByForms), on /home. */
export async function signUp(page: Page, phone = randomPhone(), referralCode?: string) {
  await signUpByForms(page, phone, referralCode);
  await page.goto('/home');
  return phone;
}

/** The language form's POST (what /account's switch sends), for setup: the page is not moved. */
export async function chooseLanguage(page: Page, lang: 'vi' | 'en') {
  await postForm(page, '/language', { lang, redirectTo: '/home' });
}

/** After a sign-up: the name step (issue 37 §6) is left for later, on to /home. */
export async function skipNameStep(page: Page) {
  await expect(page).toHaveURL(/\/account\/name$/);
  await page.getByRole('link', { name: /^(Để sau|Later)$/ }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A new member's page (not yet navigated) in English with JavaScript off, signed up by the forms' POSTs. */
export async function englishMemberWithoutJs(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signUpByForms(page);
  await chooseLanguage(page, 'en');
  return page;
}

/** Switches the signed-in member to English on /account. */
export async function toEnglish(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Nothing sticks out sideways at 360 px, and every control in the page is at least 44 px tall. */
export async function checkPhoneLayout(page: Page) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const small = await page.evaluate(() =>
    // A radio or a checkbox is tapped through its label: the label is the target that must be 44 px.
    [
      ...document.querySelectorAll(
        'main a, main button, main input:not([type=radio]):not([type=checkbox]), main label:has(input[type=radio]), main label:has(input[type=checkbox]), main summary',
      ),
    ]
      // A transparent input is reached through its label (the photo picker's button): the label is measured.
      .filter(
        (el) =>
          !el.closest('p, dd') &&
          (el as HTMLElement).offsetParent !== null &&
          !el.classList.contains('visually-hidden') &&
          getComputedStyle(el).opacity !== '0',
      )
      .map((el) => ({
        text: (el.textContent || el.getAttribute('name') || '').trim(),
        height: el.getBoundingClientRect().height,
      }))
      .filter((box) => box.height < 44),
  );
  expect(small).toEqual([]);
  await page.setViewportSize(size);
}

/** Screenshots at the page's width and at 360 px, where nothing sticks out sideways and every control is 44 px tall. */
export async function snapBothWidths(page: Page, name: string) {
  await snap(page, name);
  await checkPhoneLayout(page);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await snap(page, `${name}-360`);
  await page.setViewportSize(size);
}

/**
 * Waits until React has hydrated this element (it carries React's props), so a click is the app's
 * client navigation, not the browser following a plain link. The page waits for its strings and
 * its whole stylesheet before hydrating (ADR 029, 030): on a busy machine that is a while after
 * the server's HTML shows.
 */
export async function waitForHydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), {
      message: 'hydrated',
    })
    .toBe(true);
}

/**
 * The page's worker is active and controls it: the app's assets are precached (ADR 009). The
 * precache is now some 160 files; on a busy 2-core runner installing it took over 15 s, and once
 * (CI, stop 32) over 45 s: the wait is 90 s (a test without test.slow() stops at its own 45 s).
 */
export async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: timeLimit(90_000),
  });
}

/** Console errors, CSP violations and hydration warnings, collected for the whole test. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Playwright's own note where a journey blocks service workers (playwright.config.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
