import type { APIRequestContext } from '@playwright/test';
import { expect, gatewayUrl, snap, snapBothWidths, test } from './fixtures.ts';
import { copyValue, paidMember, staffToken, transfer, type Lang } from './membership-steps.ts';

// Issue 13 (ADR 045): a member with a membership buys a PT package from the app — chooses a club's
// trainer by their profile, a package, signs up (1029); the trainer accepts; the member pays by bank
// QR through the sandbox bank, and sees the package with its sessions and days.

const T = {
  vi: {
    chip: 'Huấn luyện viên (PT)',
    buy: 'Mua gói PT',
    empty: 'Bạn chưa có gói PT nào',
    waiting: 'Đang chờ huấn luyện viên xác nhận',
    payTitle: 'Thanh toán gói PT',
    pay: 'Tiếp tục thanh toán',
    memo: 'Nội dung',
    paid: 'Thanh toán gói PT thành công',
    inUse: 'Đang sử dụng',
    left: /Còn 10\/10 buổi/,
    receipt: 'Biên lai gói PT',
  },
  en: {
    chip: 'Personal training',
    buy: 'Buy a PT package',
    empty: 'No PT package yet',
    waiting: 'Waiting for your trainer',
    payTitle: 'Pay for your PT package',
    pay: 'Continue to payment',
    memo: 'Transfer message',
    paid: 'PT package paid',
    inUse: 'In use',
    left: /10 of 10 sessions left/,
    receipt: 'PT package receipt',
  },
};

/** The seeded trainers of the first club (seed-pt.ts trainerPhone 0–2): the one chosen accepts. */
async function trainerAccepts(request: APIRequestContext, ptContractId: number) {
  for (const phone of ['0100002000', '0100002001', '0100002002']) {
    const token = await staffToken(request, phone);
    const res = await request.put(`${gatewayUrl()}/api/v1/staff/pt-contract/${String(ptContractId)}/accept`, { headers: { authorization: `Bearer ${token}` } });
    if (res.ok()) return;
    expect(res.status()).toBe(404);
  }
  throw new Error(`no trainer of the first club has PT contract ${String(ptContractId)}`);
}

for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
  test(`${lang}: choose a trainer and a package, the trainer accepts, pay by QR, the package runs`, async ({ page, request }) => {
    test.slow(); // a whole journey: a membership, then a PT package through two people and the bank
    await paidMember(page, request, lang);
    await page.goto('/home');
    await page.getByRole('link', { name: T[lang].chip }).click();
    await expect(page).toHaveURL(/\/pt$/);
    await expect(page.getByText(T[lang].empty)).toBeVisible();
    await page.getByRole('link', { name: T[lang].buy }).click();
    await expect(page).toHaveURL(/\/pt\/select-pt$/);
    await expect(page.locator('.trainer-card').first()).toBeVisible();
    await snapBothWidths(page, `${lang}-pt-select`);

    await page.locator('.trainer-card').first().click();
    await expect(page).toHaveURL(/\/pt\/select-pt\/plans\/\d+\/club\/\d+$/);
    // The second package (10 sessions / 60 days) is chosen by default.
    await expect(page.locator('input[name="ptPackageId"]').nth(1)).toBeChecked();
    await snapBothWidths(page, `${lang}-pt-plans`);
    await page.locator('button[name="intent"][value="register"]').click();
    await expect(page).toHaveURL(/\/pt\/payment\/result\/\d+$/);
    await expect(page.getByRole('heading', { name: T[lang].waiting })).toBeVisible();
    const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await snap(page, `${lang}-pt-waiting`);

    await trainerAccepts(request, id);
    await page.reload();
    await expect(page.getByRole('heading', { name: T[lang].payTitle })).toBeVisible();
    await page.getByRole('button', { name: T[lang].pay }).click();
    const memo = (await copyValue(page, T[lang].memo).innerText()).trim();
    const amount = Number((await page.locator('.payment-summary .payment-amount').innerText()).replace(/\D/g, ''));
    await snap(page, `${lang}-pt-qr`);
    await transfer(request, memo, amount);
    await expect(page.getByRole('heading', { name: T[lang].paid })).toBeVisible({ timeout: 15_000 });
    await snap(page, `${lang}-pt-paid`);

    await page.goto('/pt');
    const card = page.locator('.pt-contract-card').first();
    await expect(card.locator('.status-badge')).toHaveText(T[lang].inUse);
    await expect(card).toContainText(T[lang].left);
    await snapBothWidths(page, `${lang}-pt-list`);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/history/pt/${String(id)}$`));
    await expect(page.getByRole('heading', { name: T[lang].receipt })).toBeVisible();
    await snap(page, `${lang}-pt-detail`);
  });
}

test('with JavaScript off: choose a club, sign up with a trainer, a second sign-up is blocked, withdraw it', async ({ page, request, browser }) => {
  test.slow();
  await paidMember(page, request, 'vi');
  const plain = await (
    await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL: new URL(page.url()).origin })
  ).newPage();
  await plain.goto('/pt/select-pt');
  // The club is a GET form with its own button without JavaScript.
  await plain.getByRole('button', { name: 'Xem huấn luyện viên' }).click();
  await expect(plain).toHaveURL(/\/pt\/select-pt\?club=\d+$/);
  await plain.locator('.trainer-card').nth(1).click();
  await plain.locator('input[name="ptPackageId"]').first().check();
  await plain.locator('button[name="intent"][value="register"]').click();
  await expect(plain).toHaveURL(/\/pt\/payment\/result\/\d+$/);
  await expect(plain.getByRole('heading', { name: 'Đang chờ huấn luyện viên xác nhận' })).toBeVisible();
  const waiting = plain.url();

  // Another trainer's packages now say what waits, and signing up is off.
  await plain.goto('/pt/select-pt');
  await plain.locator('.trainer-card').first().click();
  await expect(plain.getByText('Bạn còn một gói PT chưa thanh toán')).toBeVisible();
  await expect(plain.locator('button[name="intent"][value="register"]')).toBeDisabled();
  await snap(plain, 'vi-pt-unpaid-nojs');

  await plain.goto(waiting);
  await plain.getByRole('link', { name: 'Hủy đăng ký gói PT' }).click();
  await plain.getByRole('button', { name: 'Hủy đăng ký' }).click();
  await expect(plain).toHaveURL(/\/pt$/);
  await expect(plain.getByText('Đã hủy đăng ký gói PT.')).toBeVisible();
  await expect(plain.locator('.pt-contract-card .status-badge')).toHaveText('Đã hủy');
  await plain.context().close();
});
