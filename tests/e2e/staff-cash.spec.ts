import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkPhoneLayout, expect, gatewayUrl, snap, test, waitForHydrated } from './fixtures.ts';
import { paidMember, staffToken, vnd } from './membership-steps.ts';
import { DESK_PHONE, deskComputer, signInAtDesk } from './staff-steps.ts';

// Issue 38 §1 (ADR 063): a PT package paid in cash waits at the desk like any other payable. The
// member picks "Tiền mặt tại quầy" and is shown a CASHP… code; the front desk of the club (a
// desktop at 1280 px, in Vietnamese) counts it on "Hôm nay", finds it in the list and by the
// member's phone; at phone size, in English, it confirms it; the member's page says it is paid.

/** The first club's trainers (seed-pt.ts): the one the member chose accepts, the others are 404. */
async function trainerAccepts(request: APIRequestContext, ptContractId: number) {
  const answers = await Promise.all(
    ['0100002000', '0100002001', '0100002002'].map(async (phone) =>
      (
        await request.put(`${gatewayUrl()}/api/v1/staff/pt-contract/${String(ptContractId)}/accept`, {
          headers: { authorization: `Bearer ${await staffToken(request, phone)}` },
        })
      ).status(),
    ),
  );
  expect(answers.sort()).toEqual([200, 404, 404]);
}

/** What "Hôm nay" says waits for cash (0 when nothing does). */
async function cashWaitingToday(staff: Page) {
  await staff.goto('/staff');
  const card = staff.locator('a.staff-card[href="/staff/cash"]');
  const text = await card.innerText();
  return /^\d+/.test(text) ? Number(/^\d+/.exec(text)![0]) : 0;
}

test('a PT package paid in cash: the desk finds it by list and by phone, confirms it, the member sees it paid (desktop vi, phone en)', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const memberPhone = await paidMember(page, 'vi');

  const desk = await deskComputer(browser);
  const staff = await desk.newPage();
  await signInAtDesk(staff, request, DESK_PHONE);
  const before = await cashWaitingToday(staff);

  // The member signs up for a package, the trainer accepts, the member chooses cash at the desk.
  const pts = (await (await request.get(`${gatewayUrl()}/api/v1/global/club/1/pts`)).json()) as {
    data: { ptId: number }[];
  };
  await page.goto(`/pt/select-pt/plans/${String(pts.data[0].ptId)}/club/1`);
  await page.locator('input[name="ptPackageId"]').first().check();
  await page.locator('button[name="intent"][value="register"]').click();
  await expect(page).toHaveURL(/\/pt\/payment\/result\/\d+$/);
  const ptContractId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await trainerAccepts(request, ptContractId);
  await page.reload();
  await page.getByLabel('Tiền mặt tại quầy').check();
  await page.getByRole('button', { name: 'Tiếp tục thanh toán' }).click();
  const code = (await page.locator('.counter-code strong').innerText()).trim();
  expect(code).toMatch(/^CASHP/);
  const amount = Number((await page.locator('.payment-summary .payment-amount').innerText()).replace(/\D/g, ''));

  // Hôm nay counts it; the list shows it with its code, member, item and amount.
  expect(await cashWaitingToday(staff)).toBe(before + 1);
  await staff.locator('a.staff-card[href="/staff/cash"]').click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Thu tiền mặt' })).toBeVisible();
  const listed = staff.locator('.staff-item', { hasText: code });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(memberPhone);
  await expect(listed).toContainText('Gói PT');
  await expect(listed).toContainText(vnd(amount, 'vi'));
  await snap(staff, 'vi-staff-cash-pt-list-desktop');
  // By the member's phone: this one alone.
  await staff.getByLabel('Tìm theo số điện thoại hội viên').fill(memberPhone);
  await staff.getByRole('button', { name: 'Tìm', exact: true }).click();
  await expect(staff.locator('.staff-item')).toHaveCount(1);
  await expect(staff.locator('.staff-item')).toContainText(code);
  await snap(staff, 'vi-staff-cash-pt-search-desktop');

  // The same desk on a phone, in English: found by phone, counted wrong, then right; the receipt names member and package.
  await staff.getByRole('button', { name: /^EN/ }).click();
  await expect(staff.locator('html')).toHaveAttribute('lang', 'en');
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.goto(`/staff/cash?phone=${memberPhone}`);
  const item = staff.locator('.staff-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('PT package');
  await expect(item).toContainText(code);
  await snap(staff, 'en-staff-cash-pt-phone');
  await checkPhoneLayout(staff);
  const counted = item.getByLabel('Amount received (VND)');
  await waitForHydrated(counted);
  await counted.fill(String(amount - 1000));
  await item.getByRole('button', { name: 'Confirm cash received' }).click();
  await expect(
    item.getByText('The amount received is not the amount due. Please count the money again.'),
  ).toBeVisible();
  await counted.fill(String(amount));
  await item.getByRole('button', { name: 'Confirm cash received' }).click();
  const receipt = staff.getByRole('status').filter({ hasText: 'Receipt' });
  await expect(receipt).toContainText('Cash received. The member’s PT package is paid.');
  await expect(receipt).toContainText(memberPhone);
  await expect(receipt).toContainText('PT package');
  await expect(receipt).toContainText(code);
  await expect(receipt).toContainText('PT package valid');
  await expect(staff.getByText('Nothing waiting for this phone number.')).toBeVisible();
  await snap(staff, 'en-staff-cash-pt-receipt-phone');
  await checkPhoneLayout(staff);

  // The member's payment page: paid.
  await expect(page.getByRole('heading', { name: 'Thanh toán gói PT thành công' })).toBeVisible({
    timeout: timeLimit(15_000),
  });
  await snap(page, 'vi-pt-cash-paid');
  expect(await cashWaitingToday(staff)).toBe(before);
  await desk.close();
});
