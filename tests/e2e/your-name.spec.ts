import type { Page } from '@playwright/test';
import { vietnamDay } from '#api/vietnam-time.ts';
import {
  expect,
  gatewayUrl,
  randomPhone,
  readOtp,
  snap,
  snapBothWidths,
  test,
  testClientIp,
  typeOtp,
} from './fixtures.ts';
import { CLUB, paidMember } from './membership-steps.ts';
import { LEADER_PHONE, signInAtDesk } from './staff-steps.ts';

// Issue 37 §6: a member was never asked their name (/account said "Chưa có tên", staff saw only a
// phone). The name is asked right after sign-up, on a step that can be skipped, and can be added later
// from /account; §5: at most 40 characters, with its message, and what was typed stays.

const texts = {
  vi: {
    switchTo: null,
    phone: 'Số điện thoại',
    getCode: 'Nhận mã OTP',
    confirm: 'Xác nhận',
    signUp: 'Đăng ký',
    title: 'Bạn tên là gì?',
    label: 'Họ và tên',
    save: 'Lưu tên',
    later: 'Để sau',
    tooLong: 'Vui lòng không nhập quá 40 ký tự',
    required: 'Trường bắt buộc',
    hello: (name: string) => `Xin chào, ${name}!`,
    add: 'Thêm họ tên',
    noName: 'Chưa có tên',
    name: 'Trần Thị Ngọc Hân',
  },
  en: {
    switchTo: 'Switch to English',
    phone: 'Phone number',
    getCode: 'Get code',
    confirm: 'Confirm',
    signUp: 'Sign up',
    title: 'What is your name?',
    label: 'Full name',
    save: 'Save name',
    later: 'Later',
    tooLong: 'Please do not exceed 40 characters',
    required: 'Required field',
    hello: (name: string) => `Hello, ${name}!`,
    add: 'Add your name',
    noName: 'No name yet',
    name: 'Lê Quang Vinh',
  },
} as const;
type Lang = keyof typeof texts;

/** From /login to the name step, in this language; with JavaScript off the code is confirmed by its button. */
async function signUpToNameStep(page: Page, request: Parameters<typeof readOtp>[0], lang: Lang, javaScript: boolean) {
  const t = texts[lang];
  const phone = randomPhone();
  await page.goto('/login');
  if (t.switchTo) await page.getByRole('button', { name: t.switchTo }).click();
  await page.getByLabel(t.phone).fill(phone);
  await page.getByRole('button', { name: t.getCode }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await typeOtp(page, await readOtp(request, phone));
  if (!javaScript) await page.getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t.signUp }).click();
  await expect(page).toHaveURL(/\/account\/name$/);
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  return phone;
}

async function nameIsAskedAndKept(page: Page, request: Parameters<typeof readOtp>[0], lang: Lang, javaScript: boolean) {
  const t = texts[lang];
  const mode = javaScript ? '' : '-nojs';
  await signUpToNameStep(page, request, lang, javaScript);
  await snapBothWidths(page, `${lang}-your-name${mode}`);

  // §5: required, at most 40 characters; a refused name stays in the box with its message.
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.required)).toBeVisible();
  const tooLong = `${t.name} ${'A'.repeat(40)}`;
  await page.getByLabel(t.label).fill(tooLong);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.tooLong)).toBeVisible();
  await expect(page.getByLabel(t.label)).toHaveValue(tooLong);
  await expect(page.getByLabel(t.label)).toHaveAttribute('aria-invalid', 'true');
  await snapBothWidths(page, `${lang}-your-name-too-long${mode}`);

  // Typed with combining accents (as some keyboards do), it is saved composed.
  await page.getByLabel(t.label).fill(`  ${t.name.normalize('NFD')} `);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: t.hello(t.name) })).toBeVisible();

  await page.goto('/account');
  await expect(page.locator('.profile-name')).toHaveText(t.name);
  await expect(page.getByRole('link', { name: t.add })).toHaveCount(0);
  await snapBothWidths(page, `${lang}-account-named${mode}`);
}

for (const lang of ['vi', 'en'] as const) {
  test(`after sign-up the member is asked their name and /account shows it (${lang}, 390 and 360 px)`, async ({
    page,
    request,
  }) => {
    test.slow();
    await nameIsAskedAndKept(page, request, lang, true);
  });
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of ['vi', 'en'] as const) {
    test(`the name step works as plain forms (${lang})`, async ({ page, request }) => {
      test.slow();
      await nameIsAskedAndKept(page, request, lang, false);
    });
  }
});

test('a member who skipped the step adds the name later from /account (vi, then en)', async ({ page, request }) => {
  test.slow();
  await signUpToNameStep(page, request, 'vi', true);
  await page.getByRole('link', { name: texts.vi.later }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Xin chào!' })).toBeVisible();

  await page.goto('/account');
  await expect(page.locator('.profile-name')).toHaveText(texts.vi.noName);
  await snap(page, 'vi-account-no-name');
  await page.getByRole('link', { name: texts.vi.add }).click();
  await expect(page).toHaveURL(/\/account\/name\?next=%2Faccount$|\/account\/name\?next=\/account$/);
  await page.getByLabel(texts.vi.label).fill(texts.vi.name);
  await page.getByRole('button', { name: texts.vi.save }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator('.profile-name')).toHaveText(texts.vi.name);
  await expect(page.getByRole('status')).toContainText('Đã lưu tên của bạn.');

  // The step also opens with a name already there: it is offered for correction, in English too.
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/account/name?next=/account');
  await expect(page.getByLabel(texts.en.label)).toHaveValue(texts.vi.name);
  await page.getByRole('link', { name: texts.en.later }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the step never sends the member off the site: an outside ?next= goes home', async ({ page, request }) => {
  await signUpToNameStep(page, request, 'vi', true);
  await page.goto('/account/name?next=//evil.example/x');
  await expect(page.getByRole('link', { name: texts.vi.later })).toHaveAttribute('href', '/home');
});

test('the class roster shows the member by name beside the phone once the member gave it (vi, 390 px)', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const memberPhone = await paidMember(page, 'vi');
  await page.goto('/account/name?next=/home');
  await page.getByLabel(texts.vi.label).fill('Phan Thị Mỹ Duyên');
  await page.getByRole('button', { name: texts.vi.save }).click();
  await expect(page).toHaveURL(/\/home$/);

  const res = await request.post(`${gatewayUrl()}/sandbox/class-session`, {
    data: { clubId: CLUB, startsInMinutes: 180, capacity: 8, classTypeSlug: 'yoga' },
  });
  expect(res.status()).toBe(200);
  const session = (await res.json()).data as { id: number; startsAt: string };
  await page.goto(`/class/${String(session.id)}`);
  await page.getByRole('button', { name: 'Đặt chỗ', exact: true }).click();
  await expect(page.locator('.status-badge', { hasText: 'Đã đặt chỗ' })).toBeVisible();

  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const leader = await context.newPage();
  await signInAtDesk(leader, request, LEADER_PHONE);
  await leader.goto(`/staff/classes?date=${vietnamDay(Date.parse(session.startsAt))}`);
  await expect(leader.locator('.class-booking', { hasText: memberPhone }).first()).toContainText(
    `Phan Thị Mỹ Duyên · ${memberPhone}`,
  );
  await snap(leader, 'vi-staff-classes-member-name');
  await context.close();
});
