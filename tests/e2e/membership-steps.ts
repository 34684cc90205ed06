import type { APIRequestContext, Page } from '@playwright/test';
import { chooseLanguage, expect, gatewayUrl, postForm, readOtp, signUpByForms } from './fixtures.ts';

// The steps of buying a membership that several journeys share: a new member, a plan, the plan
// page's Confirm, a bank transfer through the sandbox bank, a staff token.

export type Lang = 'vi' | 'en';
export type Plan = {
  id: number;
  type: string;
  unit: string;
  totalPaymentFirst: number;
  planNameVi: string;
  planNameEn: string;
};

/** The seeded club the journeys buy at. */
export const CLUB = 1;

/** 1.890.000 ₫ (vi) or 1,890,000 ₫ (en), as the pages print money. */
export const vnd = (amount: number, lang: Lang) =>
  `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '.')}\u00a0₫`;

/** A new member (signed up by the forms' POSTs) in this language, on /home. */
export async function newMember(page: Page, lang: Lang) {
  const phone = await signUpByForms(page);
  if (lang === 'en') await chooseLanguage(page, 'en');
  await page.goto('/home');
  return phone;
}

/** A single-club month plan of the club, priced as for a new member (optionally with a coupon). */
export async function singleClubPlan(request: APIRequestContext, coupon?: string): Promise<Plan> {
  const res = await request.get(
    `${gatewayUrl()}/api/v1/global/club/${CLUB}/payment-plans${coupon ? `?coupon=${coupon}` : ''}`,
  );
  expect(res.ok()).toBe(true);
  const plans = ((await res.json()) as { data: Plan[] }).data;
  const plan = plans.find((p) => (p.type === 'BASIC' || p.type === 'CLASSIC') && p.unit === 'month');
  if (!plan) throw new Error('no single-club month plan seeded');
  return plan;
}

/** Through the plan page (W1): optional coupon, a method, Confirm; lands on the payment step. */
export async function buy(page: Page, planId: number, method: 1 | 2 | 3, coupon?: string) {
  await page.goto(`/membership/${CLUB}/plan/${planId}`);
  if (coupon) {
    await page.locator('input[name="couponCode"]').fill(coupon);
    await page.locator('button[name="intent"][value="coupon"]').click();
    await expect(page.getByText(coupon).first()).toBeVisible();
  }
  await page.locator(`input[name="paymentMethod"][value="${method}"]`).check();
  await page.locator('button[name="intent"][value="confirm"]').click();
  await expect(page).toHaveURL(/\/membership\/payment\/\d+$/);
  return Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

/** A value of the QR screen's copy list, by its label. */
export const copyValue = (page: Page, label: string) =>
  page.locator('.copy-row', { hasText: label }).locator('.copy-value');

export async function transfer(request: APIRequestContext, memo: string, amount: number) {
  const res = await request.post(`${gatewayUrl()}/sandbox/bank/transfer`, { data: { memo, amount } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A new member with a current single-club month plan at CLUB, on the payment's result page. The
 * setup is the pages' own forms posted from the page's context (sign-up, language, the plan page's
 * Confirm with bank QR) and a sandbox bank transfer of the memo the payment page shows; the journeys
 * of buying and paying (payment, money-trust, home-plans, membership-browse) go through the pages.
 */
export async function paidMember(page: Page, lang: Lang) {
  const phone = await signUpByForms(page);
  if (lang === 'en') await chooseLanguage(page, 'en');
  const plan = await singleClubPlan(page.request);
  const paymentPage = await postForm(page, `/membership/${CLUB}/plan/${plan.id}`, {
    paymentMethod: '1',
    intent: 'confirm',
  });
  const contractId = Number(/^\/membership\/payment\/(\d+)$/.exec(paymentPage)?.[1]);
  expect(contractId, paymentPage).toBeGreaterThan(0);
  const html = await (await page.request.get(paymentPage)).text();
  // The memo's row of the copy list (payment-ui.tsx CopyRow): <dt>label</dt><dd><span class="copy-value mono">memo</span>
  const memo = /<dt>(?:Nội dung|Transfer message)[^<]*<\/dt><dd><span class="copy-value[^"]*">([^<]+)<\/span>/.exec(
    html,
  )?.[1];
  expect(memo, 'the payment page shows a transfer memo').toBeTruthy();
  await transfer(page.request, memo!, plan.totalPaymentFirst);
  await page.goto(`/membership/payment/result/${contractId}`);
  await expect(page).toHaveURL(/\/membership\/payment\/result\/\d+$/);
  return phone;
}

/**
 * A staff token through the staff OTP sign-in (the member login answers 210 for staff), once per
 * phone per worker: the OTP rules allow 5 sends to a phone before waits start, and several specs
 * sign the same demo staff in.
 */
const staffTokens = new Map<string, Promise<string>>();
export function staffToken(request: APIRequestContext, phone: string): Promise<string> {
  let token = staffTokens.get(phone);
  if (!token) {
    token = signInStaff(request, phone);
    staffTokens.set(phone, token);
    token.catch(() => staffTokens.delete(phone));
  }
  return token;
}

async function signInStaff(request: APIRequestContext, phone: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const sent = await request.post(`${gatewayUrl()}/api/v1/staff/auth/otp/send`, { data: { phoneNumber: phone } });
    if (sent.status() === 429) {
      // Another test asked for this staff member's code less than 30 s ago.
      const wait = ((await sent.json()) as { data?: { retryAfterSeconds?: number } }).data?.retryAfterSeconds ?? 30;
      await new Promise((r) => setTimeout(r, (wait + 1) * 1000));
      continue;
    }
    expect(sent.ok(), await sent.text()).toBe(true);
    const otp = await readOtp(request, phone);
    const login = await request.post(`${gatewayUrl()}/api/v1/staff/auth/otp/login`, {
      data: { phoneNumber: phone, otp },
    });
    expect(login.ok(), await login.text()).toBe(true);
    return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  }
  throw new Error(`no staff token for ${phone}`);
}
