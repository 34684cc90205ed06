import { expect, snap, test } from './fixtures.ts';
import { buy, newMember, singleClubPlan } from './membership-steps.ts';

// Issue 38 §12: the card payment page, before the member went to VNPAY, says it is not paid yet
// and what to do, not that a result from VNPAY is awaited.
test('card payment: before going to VNPAY the page says not paid yet (vi, en)', async ({ page, request }) => {
  await newMember(page, 'vi');
  const plan = await singleClubPlan(request);
  await buy(page, plan.id, 2);
  const status = page.locator('.live-status');
  await expect(status).toHaveText(
    'Chưa thanh toán. Bấm nút ở trên để sang trang VNPAY; trang này tự cập nhật khi có kết quả.',
  );
  await expect(page.getByText('Đang chờ kết quả từ VNPAY')).toHaveCount(0);
  await snap(page, 'vi-payment-card-before-vnpay');
  const paymentPage = page.url();
  await page.goto('/account');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  // The switch is a form post: it is done once the page speaks English, not before.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Straight back to the payment page: going back in history reached /account again when the switch
  // was posted before hydration (a native form post is a history entry of its own).
  await page.goto(paymentPage);
  await expect(page.locator('.live-status')).toHaveText(
    'Not paid yet. Tap the button above to go to VNPAY; this page updates itself when the result comes.',
  );
  await snap(page, 'en-payment-card-before-vnpay');
});
