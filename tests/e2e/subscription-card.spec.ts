import type { APIRequestContext } from '@playwright/test';
import { expect, gatewayUrl, snap, test } from './fixtures.ts';
import { CLUB, newMember } from './membership-steps.ts';

// Issue 38 §2, §4, §11 at 390×844, Vietnamese and English: the monthly plan is paid with a saved
// card (no one-off card, QR or cash; "add a new card" when there is none, said before Confirm);
// the sandbox's card page offers the declining cards; the payment result names the plan once.

test.use({ viewport: { width: 390, height: 844 } });

const texts = {
  vi: {
    noCard: /Gói tháng tự động trừ tiền hằng tháng từ một thẻ đã lưu, và bạn chưa lưu thẻ nào/,
    withCard: /Gói tháng tự động trừ tiền hằng tháng từ thẻ đã lưu bạn chọn ở đây/,
    otherCard: 'Thẻ khác (nhập trên VNPAY)',
    addCard: 'Thêm thẻ mới',
    addCardButton: 'Thêm thẻ qua VNPAY',
    declining: 'NCB 9704 1900 0000 0000 488 — gia hạn bị từ chối: không đủ số dư (51)',
    refused:
      'Gói tháng tự động được trừ tiền hằng tháng từ một thẻ đã lưu. Vui lòng chọn thẻ đã lưu hoặc thêm thẻ mới.',
    payVnpay: /Thanh toán .* qua VNPAY/,
    payAnother: 'Thanh toán cách khác',
    nextBilling: /Kỳ thanh toán tiếp theo: (\d\d)\/(\d\d)\/(\d{4})/,
    payNow: 'Thanh toán ngay',
    noRequest: 'Chưa có yêu cầu thanh toán nào',
    declined: 'Tài khoản của bạn không đủ số dư để thanh toán.',
    savedOnly: 'Gói tháng tự động chỉ thanh toán bằng thẻ đã lưu',
    success: 'Thanh toán thành công',
    lead: /^Gói tháng tự động của bạn có hiệu lực từ/,
  },
  en: {
    noCard: /The monthly subscription is charged every month to a saved card, and you have none yet/,
    withCard: /The monthly subscription is charged every month to the saved card you choose here/,
    otherCard: 'Another card (entered on VNPAY)',
    addCard: 'Add a new card',
    addCardButton: 'Add a card with VNPAY',
    declining: 'NCB 9704 1900 0000 0000 488 — renewals declined: insufficient balance (51)',
    refused:
      'A monthly subscription is charged every month to a saved card. Please choose a saved card or add a new one.',
    payVnpay: /Pay .* with VNPAY/,
    payAnother: 'Pay another way',
    nextBilling: /Next payment: (\d\d)\/(\d\d)\/(\d{4})/,
    payNow: 'Pay now',
    noRequest: 'No payment request',
    declined: 'Insufficient balance.',
    savedOnly: 'A monthly subscription is paid with a saved card only',
    success: 'Payment successful',
    lead: /^Your Monthly subscription membership is valid from/,
  },
} as const;

async function subscriptionPlanId(request: APIRequestContext) {
  const res = await request.get(`${gatewayUrl()}/api/v1/global/club/${String(CLUB)}/payment-plans`);
  const plans = ((await res.json()) as { data: { id: number; type: string }[] }).data;
  return plans.find((p) => p.type === 'SUBSCRIPTION')!.id;
}

for (const lang of ['vi', 'en'] as const) {
  const t = texts[lang];

  test(`monthly plan: only a saved card, said before Confirm; the declining card on the sandbox page; the plan named once (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.addLocatorHandler(page.locator('dialog[open]'), () => page.keyboard.press('Escape'));
    await newMember(page, lang);
    const planPath = `/membership/${String(CLUB)}/plan/${String(await subscriptionPlanId(request))}`;

    // No card yet: no one-off card, no QR, no cash; the page says a saved card is needed and offers adding one.
    await page.goto(planPath);
    await expect(page.locator('input[name="paymentMethod"]')).toHaveCount(1);
    await expect(page.getByText(t.otherCard)).toHaveCount(0);
    await expect(page.getByText(t.noCard)).toBeVisible();
    await expect(page.getByRole('link', { name: t.addCard })).toBeVisible();
    await snap(page, `${lang}-subscription-plan-no-card`);
    // Confirm anyway: refused by the gateway, said by the method.
    await page.locator('button[name="intent"][value="confirm"]').click();
    await expect(page.getByText(t.refused)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${planPath}$`));

    // Add a card on the sandbox page, which offers the declining card too.
    await page.getByRole('link', { name: t.addCard }).click();
    await page.getByRole('button', { name: t.addCardButton }).click();
    await expect(page.getByText(t.declining)).toBeVisible();
    await snap(page, `${lang}-sandbox-token-page-declining-card`);
    await page.locator('input[name="card"][value="ncb"]').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account\/information\/payment-method$/);

    // Back on the plan: the saved card is chosen, the rule said before Confirm.
    await page.goto(planPath);
    await expect(page.locator('input[name="savedCardId"]:checked')).toHaveCount(1);
    await expect(page.getByText(t.withCard)).toBeVisible();
    await snap(page, `${lang}-subscription-plan-saved-card`);
    await page.locator('button[name="intent"][value="confirm"]').click();
    await expect(page).toHaveURL(/\/membership\/payment\/\d+$/);
    // Paying the first month another way offers the saved card alone, and says why (issue 38 §2).
    await page.getByText(t.payAnother).click();
    await expect(page.getByText(t.savedOnly)).toBeVisible();
    await expect(page.locator('input[name="method"]')).toHaveCount(1);
    await expect(page.locator('input[name="method"]')).toHaveAttribute('value', /^card-\d+$/);
    await snap(page, `${lang}-subscription-pay-another-way`);
    await page.getByRole('link', { name: t.payVnpay }).click();
    await page.locator('input[name="outcome"][value="00"]').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible();
    await expect(page.locator('.result-facts .lead')).toHaveText(t.lead);
    await snap(page, `${lang}-subscription-paid-result`);
  });
}

// Issue 38 §12: a renewal month the card declined, opened from "Pay now", says from its first paint
// why the charge failed and offers the other ways, never a red "no payment request yet" (a month with
// no attempt at all is attempt-ended.test.tsx's: an invitation to choose, not an error).
for (const lang of ['vi', 'en'] as const) {
  const t = texts[lang];
  test(`a declined renewal's "Pay now" opens a page that says why and offers the other ways (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.addLocatorHandler(page.locator('dialog[open]'), () => page.keyboard.press('Escape'));
    await newMember(page, lang);
    const planPath = `/membership/${String(CLUB)}/plan/${String(await subscriptionPlanId(request))}`;
    // The sandbox card whose renewals are declined (insufficient balance), saved, then the first month paid with it.
    await page.goto(planPath);
    await page.getByRole('link', { name: t.addCard }).click();
    await page.getByRole('button', { name: t.addCardButton }).click();
    await page.locator('input[name="card"][value="ncb-no-funds"]').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account\/information\/payment-method$/);
    await page.goto(planPath);
    await page.locator('button[name="intent"][value="confirm"]').click();
    await expect(page).toHaveURL(/\/membership\/payment\/\d+$/);
    await page.getByRole('link', { name: t.payVnpay }).click();
    await page.locator('input[name="outcome"][value="00"]').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible();

    // The billing day's run: the card is declined and the month waits for the member.
    await page.goto('/home/your-plan');
    const [, dd, mm, yyyy] = t.nextBilling.exec(await page.getByTestId('next-billing').innerText())!;
    const run = await request.post(`${gatewayUrl()}/sandbox/subscriptions/run`, {
      data: { at: `${yyyy}-${mm}-${dd}T02:00:00.000Z` },
    });
    expect(run.ok(), await run.text()).toBe(true);
    await page.goto('/home/your-plan');
    await page.getByTestId('renewal-due').getByRole('link', { name: t.payNow }).click();
    await expect(page).toHaveURL(/\/membership\/payment\/\d+$/);
    await expect(page.locator('[role="alert"]')).toContainText(t.declined);
    await expect(page.getByText(t.noRequest)).toHaveCount(0);
    await expect(page.locator('input[name="method"]')).not.toHaveCount(0);
    await snap(page, `${lang}-subscription-renewal-pay-now`);
  });
}
