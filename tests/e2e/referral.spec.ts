import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect,
  gatewayUrl,
  randomPhone,
  readOtp,
  requestCode,
  skipNameStep,
  snap,
  snapBothWidths,
  test,
  toastSaying,
  typeOtp,
} from './fixtures.ts';
import { buy, copyValue, paidMember, singleClubPlan, transfer, type Lang } from './membership-steps.ts';

// Issue 12 §4 (ADR 037): a member with a membership opens "Refer a friend" from Home, shares or
// copies their code (their phone number), texts a friend an invitation; the friend signs up with
// the code, buys and pays by bank QR, and the member sees "reward given" and a 2-week gift.

const T = {
  vi: {
    shortcut: 'Giới thiệu bạn bè',
    heading: 'Giới thiệu bạn bè',
    offer: 'Tặng bạn 14 ngày, nhận 2 tuần tập miễn phí',
    copy: 'Sao chép mã',
    copied: 'Đã sao chép mã giới thiệu.',
    sms: 'Gửi mã qua tin nhắn',
    phone: 'Số điện thoại của bạn bè',
    send: 'Gửi lời mời',
    phoneInvalid: 'Số điện thoại không đúng',
    self: 'Bạn không thể tự giới thiệu chính mình.',
    sent: (phone: string) => `Đã gửi lời mời đến ${phone}.`,
    recently: 'Bạn vừa gửi lời mời đến số này. Bạn có thể gửi lại sau 7 ngày.',
    invited: 'Đã mời',
    joined: 'Đã đăng ký',
    rewarded: 'Đã nhận quà',
    expired: 'Hết hạn',
    rewards: 'Quà đã nhận: 1 · 14 ngày tập miễn phí',
    giftIcon: 'Quà tặng của bạn',
    memo: 'Nội dung',
  },
  en: {
    shortcut: 'Refer a friend',
    heading: 'Refer a friend',
    offer: 'Give 14 days, get 2 free weeks',
    copy: 'Copy code',
    copied: 'Referral code copied.',
    sms: 'Send the code by text message',
    phone: "Your friend's phone number",
    send: 'Send invitation',
    phoneInvalid: 'Phone number is incorrect',
    self: "You can't refer yourself.",
    sent: (phone: string) => `Invitation sent to ${phone}.`,
    recently: 'You invited this number recently. You can send another invitation after 7 days.',
    invited: 'Invited',
    joined: 'Joined',
    rewarded: 'Reward given',
    expired: 'Expired',
    rewards: 'Gifts received: 1 · 14 free days',
    giftIcon: 'Your gift',
    memo: 'Transfer message',
  },
};

const friendRow = (page: Page, phone: string) => page.locator('.referral-friend', { hasText: phone });

/** Types a phone into the invite form and sends it. */
async function invite(page: Page, lang: Lang, phone: string) {
  await page.getByLabel(T[lang].phone).fill(phone);
  await page.getByRole('button', { name: T[lang].send }).click();
}

/** A friend signs up in their own browser with the member's code on the sign-up form (Vietnamese, the default). */
async function friendSignsUp(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
  phone: string,
  code: string,
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await requestCode(page, phone);
  await typeOtp(page, await readOtp(request, phone));
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('Mã giới thiệu (không bắt buộc)').fill(code);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await skipNameStep(page);
  return page;
}

async function smsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const res = await request.get(`${gatewayUrl()}/sandbox/sms?phone=${phone}`);
  return ((await res.json()) as { data: { text: string }[] }).data.map((m) => m.text);
}

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: share the code, invite a friend by SMS; the friend joins, buys and pays; the member gets the reward once`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow();
    const code = await paidMember(page, lang);
    await page.goto('/home');
    await page.getByRole('link', { name: T[lang].shortcut }).click();
    await expect(page).toHaveURL(/\/home\/referral$/);
    await expect(page.getByRole('heading', { level: 1, name: T[lang].heading })).toBeVisible();
    await expect(page.getByRole('heading', { name: T[lang].offer })).toBeVisible();
    await expect(page.getByTestId('referral-code')).toHaveText(code);
    await expect(page.getByRole('link', { name: T[lang].sms })).toHaveAttribute(
      'href',
      new RegExp(`^sms:\\?&body=.*${code}`),
    );

    // No share sheet in this browser: the copy fallback puts the code on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: T[lang].copy }).click();
    await expect(page.getByRole('status').filter({ hasText: T[lang].copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await snapBothWidths(page, `${lang}-referral`);

    // §5's phone rule and the refusals, by the field, keeping what was typed.
    await invite(page, lang, '12345');
    await expect(page.locator('.field-error')).toHaveText(T[lang].phoneInvalid);
    await expect(page.getByLabel(T[lang].phone)).toHaveValue('12345');
    await invite(page, lang, code);
    await expect(page.locator('.field-error')).toHaveText(T[lang].self);
    await snap(page, `${lang}-referral-refused`);

    const friend = randomPhone();
    await invite(page, lang, friend);
    await expect(toastSaying(page, T[lang].sent(friend))).toBeAttached();
    await expect(friendRow(page, friend).locator('.status-badge')).toHaveText(T[lang].invited);
    const texts = await smsTo(request, friend);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(code);
    await invite(page, lang, friend);
    await expect(page.locator('.field-error')).toHaveText(T[lang].recently);

    // The friend: sign-up with the code, the plan page carries it, pay by QR from the sandbox bank.
    const friendPage = await friendSignsUp(browser, baseURL!, request, friend, code);
    await page.reload();
    await expect(friendRow(page, friend).locator('.status-badge')).toHaveText(T[lang].joined);
    const plan = await singleClubPlan(request);
    await buy(friendPage, plan.id, 1);
    const memo = (await copyValue(friendPage, 'Nội dung').innerText()).trim();
    await transfer(request, memo, plan.totalPaymentFirst);
    await expect(friendPage).toHaveURL(/\/membership\/payment\/result\/\d+$/, { timeout: timeLimit(15_000) });
    await friendPage.context().close();

    await page.reload();
    await expect(friendRow(page, friend).locator('.status-badge')).toHaveText(T[lang].rewarded);
    await expect(page.getByText(T[lang].rewards)).toBeVisible();
    await expect(page.getByLabel(T[lang].giftIcon).first()).toBeVisible();
    await snapBothWidths(page, `${lang}-referral-rewarded`);
  });
}

test('with JavaScript off: the code and an sms: link, an invitation by a plain form (PRG), a friend whose offer ended', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const code = await paidMember(page, 'vi');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL,
  });
  const plain = await context.newPage();
  await plain.goto('/home/referral');
  await expect(plain.getByTestId('referral-code')).toHaveText(code);
  await expect(plain.getByRole('link', { name: T.vi.sms })).toBeVisible();
  await expect(plain.getByRole('button', { name: T.vi.copy })).toHaveCount(0);
  await snap(plain, 'vi-referral-nojs');

  await invite(plain, 'vi', 'abc');
  await expect(plain.locator('.field-error')).toHaveText(T.vi.phoneInvalid);
  await expect(plain.getByLabel(T.vi.phone)).toHaveValue('abc');

  const friend = randomPhone();
  await invite(plain, 'vi', friend);
  await expect(plain).toHaveURL(/\/home\/referral$/);
  await expect(toastSaying(plain, T.vi.sent(friend))).toBeAttached();
  await expect(friendRow(plain, friend).locator('.status-badge')).toHaveText(T.vi.invited);

  // The friend joins with the code but lets the 14 days pass (the sandbox ages the join).
  const friendPage = await friendSignsUp(browser, baseURL!, request, friend, code);
  await friendPage.context().close();
  const aged = await request.put(`${gatewayUrl()}/sandbox/referral/joined`, {
    data: { phoneNumber: friend, daysAgo: 15 },
  });
  expect(aged.ok(), await aged.text()).toBe(true);
  await plain.reload();
  await expect(friendRow(plain, friend).locator('.status-badge')).toHaveText(T.vi.expired);
  await snap(plain, 'vi-referral-expired-nojs');
  await context.close();
});
