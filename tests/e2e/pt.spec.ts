import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gatewayUrl, readOtp, snap, snapBothWidths, test, toastSaying } from './fixtures.ts';
import { copyValue, paidMember, staffToken, transfer, type Lang } from './membership-steps.ts';
import { signPtContract } from './pt-steps.ts';

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

/** The seeded trainers of the first club (seed-pt.ts trainerPhone 0–2). */
const TRAINER_PHONES = ['0100002000', '0100002001', '0100002002'];

/** The trainer the member chose accepts (the others answer 404). */
async function trainerAccepts(request: APIRequestContext, ptContractId: number) {
  for (const phone of TRAINER_PHONES) {
    const token = await staffToken(request, phone);
    const res = await request.put(`${gatewayUrl()}/api/v1/staff/pt-contract/${String(ptContractId)}/accept`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.ok()) return;
    expect(res.status()).toBe(404);
  }
  throw new Error(`no trainer of the first club has PT contract ${String(ptContractId)}`);
}

/** The member's trainer (one of the first club's) finds the member's waiting session in their agenda and confirms it. */
async function trainerConfirmsWaitingBooking(request: APIRequestContext, memberPhone: string) {
  for (const phone of TRAINER_PHONES) {
    const headers = { authorization: `Bearer ${await staffToken(request, phone)}` };
    const agenda = (await (await request.get(`${gatewayUrl()}/api/v1/staff/pt/bookings`, { headers })).json()) as {
      data: { bookingId: number; status: string; member: { phoneNumber: string } }[];
    };
    const waiting = agenda.data.find((b) => b.status === 'WAITPTCONFIRM' && b.member.phoneNumber === memberPhone);
    if (!waiting) continue;
    const res = await request.put(`${gatewayUrl()}/api/v1/staff/pt-booking/${String(waiting.bookingId)}/confirm`, {
      headers,
    });
    expect(res.ok(), await res.text()).toBe(true);
    return;
  }
  throw new Error('no trainer of the first club has a waiting session of this member');
}

for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
  test(`${lang}: choose a trainer and a package, the trainer accepts, pay by QR, the package runs`, async ({
    page,
    request,
  }) => {
    test.slow(); // a whole journey: a membership, then a PT package through two people and the bank
    await paidMember(page, lang);
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
    await expect(page.getByRole('heading', { name: T[lang].paid })).toBeVisible({ timeout: timeLimit(15_000) });
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

    // History has the package too, under its own tab.
    await page.goto('/history?tab=pt');
    await expect(page.locator('.pt-contract-card').first().locator('.status-badge')).toHaveText(T[lang].inUse);
    await snap(page, `${lang}-history-pt`);
  });
}

test('with JavaScript off: choose a club, sign up with a trainer, a second sign-up is blocked, withdraw it', async ({
  page,
  browser,
}) => {
  test.slow();
  await paidMember(page, 'vi');
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
    })
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
  await expect(toastSaying(plain, 'Đã hủy đăng ký gói PT.')).toBeAttached();
  await expect(plain.locator('.pt-contract-card .status-badge')).toHaveText('Đã hủy');
  await plain.context().close();
});

test('vi: book a session on a free start, cancel it, book again; the trainer confirms and Cancel is gone', async ({
  page,
  request,
}) => {
  test.slow();
  const phone = await paidMember(page, 'vi');
  // The package through the API (the journey above covers the pages); the booking through the pages.
  const pts = (await (await request.get(`${gatewayUrl()}/api/v1/global/club/1/pts`)).json()) as {
    data: { ptId: number }[];
  };
  const packages = (await (await request.get(`${gatewayUrl()}/api/v1/global/club/1/pt-packages`)).json()) as {
    data: { id: number; sessions: number }[];
  };
  const pkg = packages.data.find((p) => p.sessions === 10)!;
  // From the trainer's packages to one package's page (its terms), and registering there.
  await page.goto(`/pt/select-pt/plans/${String(pts.data[0].ptId)}/club/1`);
  await page.locator(`a[href$="/plan/${String(pkg.id)}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/pt/select-pt/plans/${String(pts.data[0].ptId)}/plan/${String(pkg.id)}$`));
  await expect(page.getByRole('heading', { name: 'Điều khoản chính' })).toBeVisible();
  await snapBothWidths(page, 'vi-pt-plan');
  await page.locator('button[name="intent"][value="register"]').click();
  await expect(page).toHaveURL(/\/pt\/payment\/result\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await trainerAccepts(request, id);
  await page.reload();
  await page.getByLabel('Tiền mặt tại quầy').check();
  await page.getByRole('button', { name: 'Tiếp tục thanh toán' }).click();
  await expect(page.locator('.counter-code strong')).toHaveText(/^CASH/);
  // The club's front desk counts the cash (the demo staff member of the first club).
  const amount = Number((await page.locator('.payment-summary .payment-amount').innerText()).replace(/\D/g, ''));
  const staff = await staffToken(request, '0100000001');
  const counted = await request.post(`${gatewayUrl()}/api/v1/staff/pt-contract/${String(id)}/cash/confirm`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { amount },
  });
  expect(counted.ok(), await counted.text()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Thanh toán gói PT thành công' })).toBeVisible({
    timeout: timeLimit(15_000),
  });

  await page.goto('/pt');
  await page.getByRole('link', { name: 'Đặt lịch tập' }).click();
  await expect(page).toHaveURL(/\/pt\/booking$/);
  // The rule the gateway applies (issue 38 §5), and no booking before the contract is signed (§6).
  await expect(
    page.getByText(
      'Mỗi lần đặt một buổi: tập xong (hoặc hủy) buổi đã đặt rồi mới đặt buổi tiếp theo, tối đa một buổi mỗi ngày.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Bạn cần ký hợp đồng điện tử của gói PT này trước khi đặt lịch tập.')).toBeVisible();
  await expect(page.locator('.slot')).toHaveCount(0);
  await snap(page, 'vi-pt-booking-sign-first');
  await signPtContract(page, request, phone);
  await page.goto('/pt/booking');
  // The first day with a free start (today may be too late, a trainer may not work every day).
  for (let day = 1; day < 15 && (await page.locator('.slot').count()) === 0; day++) {
    await page.locator('.day-strip .day-link').nth(day).click();
    await expect(page.locator('.day-link[aria-current="date"]')).toBeVisible();
  }
  const start = (await page.locator('.slot').first().innerText()).trim();
  await page.locator('.slot').first().click();
  await snapBothWidths(page, 'vi-pt-booking');
  await page.getByRole('button', { name: 'Đặt lịch', exact: true }).click();
  await expect(toastSaying(page, 'Đã gửi lịch tập, đang chờ huấn luyện viên xác nhận.')).toBeAttached();
  const card = page.locator('.booking-card').first();
  await expect(card.locator('.booking-state')).toHaveText('Chờ PT xác nhận');
  await expect(card).toContainText(start);
  // The start is taken now: no longer offered.
  await expect(page.locator('.slot', { hasText: start })).toHaveCount(0);
  await card.getByRole('button', { name: 'Hủy lịch' }).click();
  await expect(toastSaying(page, 'Đã hủy lịch tập.')).toBeAttached();
  await expect(page.locator('.booking-card').first().locator('.booking-state')).toHaveText('Đã hủy');
  await expect(page.locator('.slot', { hasText: start })).toHaveCount(1);

  await page.locator('.slot', { hasText: start }).click();
  await page.getByRole('button', { name: 'Đặt lịch', exact: true }).click();
  await expect(page.locator('.booking-card').first().locator('.booking-state')).toHaveText('Chờ PT xác nhận');
  const bookings = await page.locator('.booking-card').count();
  expect(bookings).toBe(2);
  // The trainer confirms the waiting one (their requests list names it).
  await trainerConfirmsWaitingBooking(request, phone);
  await page.reload();
  const confirmed = page.locator('.booking-card', { hasText: 'Đã đặt lịch' });
  await expect(confirmed).toHaveCount(1);
  await expect(confirmed.getByRole('button', { name: 'Hủy lịch' })).toHaveCount(0);
  await snapBothWidths(page, 'vi-pt-booked');
});

/** A member with a paid 10-session package with the first club's best-rated trainer (through the pages and the sandbox bank). */
async function memberWithPtPackage(page: Page, request: APIRequestContext) {
  const phone = await paidMember(page, 'vi');
  const pts = (await (await request.get(`${gatewayUrl()}/api/v1/global/club/1/pts`)).json()) as {
    data: { ptId: number }[];
  };
  await page.goto(`/pt/select-pt/plans/${String(pts.data[0].ptId)}/club/1`);
  await page.locator('button[name="intent"][value="register"]').click();
  await expect(page).toHaveURL(/\/pt\/payment\/result\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await trainerAccepts(request, id);
  await page.reload();
  await page.getByRole('button', { name: 'Tiếp tục thanh toán' }).click();
  const memo = (await copyValue(page, 'Nội dung').innerText()).trim();
  const amount = Number((await page.locator('.payment-summary .payment-amount').innerText()).replace(/\D/g, ''));
  await transfer(request, memo, amount);
  await expect(page.getByRole('heading', { name: 'Thanh toán gói PT thành công' })).toBeVisible({
    timeout: timeLimit(15_000),
  });
  return phone;
}

test('vi: sign the PT e-contract with a finger and the SMS code, then download the sealed PDF', async ({
  page,
  request,
}) => {
  test.slow();
  const phone = await memberWithPtPackage(page, request);
  await page.getByRole('link', { name: 'Ký hợp đồng' }).click();
  await expect(page).toHaveURL(/\/pt\/contract$/);
  await expect(page.locator('.e-contract-card .status-badge')).toHaveText('Chưa ký');
  await page.locator('.e-contract-card').getByRole('link', { name: 'Ký hợp đồng' }).click();
  await expect(
    page.getByRole('heading', { name: /HỢP ĐỒNG DỊCH VỤ HUẤN LUYỆN CÁ NHÂN \(PT\) SỐ PT-\d{6}/ }),
  ).toBeVisible();
  await expect(page.getByText('Hợp đồng này không có bất kỳ khoản phí hay chi phí nào khác.')).toBeVisible();
  // The parties by name (issue 38 §6): the operating company with its tax code; a profile without a name gives it first.
  await expect(page.getByText(/Bên A\): Công ty Cổ phần Thể hình VietFit .*mã số thuế: 0319990001/)).toBeVisible();
  await expect(page.getByText(`Bên sử dụng dịch vụ (Bên B): Hội viên, số điện thoại ${phone}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ký hợp đồng' })).toHaveCount(0);
  await snapBothWidths(page, 'vi-pt-contract-name-ask');
  // The one name form (/account/name), which leads back to the contract.
  await page.getByRole('link', { name: 'Nhập họ tên' }).click();
  await expect(page).toHaveURL(/\/account\/name\?next=%2Fpt%2Fcontract%2F\d+%2Fpreview$/);
  await page.getByLabel('Họ và tên').fill('Trần Thị Mai Anh');
  await page.getByRole('button', { name: 'Lưu tên' }).click();
  await expect(page).toHaveURL(/\/pt\/contract\/\d+\/preview$/);
  await expect(page.getByText(`Bên sử dụng dịch vụ (Bên B): Trần Thị Mai Anh, số điện thoại ${phone}.`)).toBeVisible();
  await expect(page.getByText(/mỗi lần một buổi: buổi đã đặt phải tập xong \(hoặc hủy\)/)).toBeVisible();
  await snap(page, 'vi-pt-contract-preview');
  await page.getByRole('link', { name: 'Ký hợp đồng' }).click();
  await expect(page).toHaveURL(/\/preview\/sign$/);

  await page.getByLabel('Họ và tên').fill('Trần Thị Mai Anh');
  // A finger's signature: two strokes, one undone, one more.
  const pad = page.locator('canvas.signature-canvas');
  await expect(pad).toBeVisible();
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const stroke = async (points: [number, number][]) => {
    await page.mouse.move(box.x + points[0][0] * box.width, box.y + points[0][1] * box.height);
    await page.mouse.down();
    for (const [x, y] of points.slice(1))
      await page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 4 });
    await page.mouse.up();
  };
  await stroke([
    [0.1, 0.7],
    [0.25, 0.2],
    [0.4, 0.75],
    [0.55, 0.3],
  ]);
  await stroke([
    [0.6, 0.8],
    [0.9, 0.1],
  ]);
  await page.getByRole('button', { name: 'Hoàn tác' }).click();
  await stroke([
    [0.6, 0.5],
    [0.75, 0.65],
    [0.9, 0.4],
  ]);
  expect((await page.locator('input[name="signaturePng"]').inputValue()).startsWith('data:image/png;base64,')).toBe(
    true,
  );
  await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với toàn bộ nội dung hợp đồng.').check();
  await page.getByRole('button', { name: 'Gửi mã OTP' }).click();
  await expect(page.getByText('Đã gửi mã OTP đến số điện thoại của bạn.')).toBeVisible();
  // The pad kept its strokes across the code's round trip.
  expect((await page.locator('input[name="signaturePng"]').inputValue()).length).toBeGreaterThan(100);
  await page.getByLabel('Mã OTP').fill(await readOtp(request, phone));
  await snapBothWidths(page, 'vi-pt-contract-sign');
  await page.getByRole('button', { name: 'Ký hợp đồng' }).click();
  // Signing makes, seals and stores a PDF: several seconds on a busy 2-core machine (CI saw 7 s pass).
  await expect(toastSaying(page, 'Ký hợp đồng thành công.')).toBeAttached({ timeout: timeLimit(20_000) });
  await expect(page.getByText(/Đã ký bởi Trần Thị Mai Anh lúc/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Tải hợp đồng (PDF)' }).click();
  const file = await download;
  const pdf = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The chain's verification says it is ours and unchanged.
  const verified = await request.post(`${gatewayUrl()}/api/v1/global/e-contract/verify`, {
    multipart: { file: { name: 'c.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(((await verified.json()) as { data: { valid: boolean } }).data.valid).toBe(true);
  await snap(page, 'vi-pt-contract-signed');
});

test('with JavaScript off the typed full name is the signature', async ({ page, request, browser }) => {
  test.slow();
  const phone = await memberWithPtPackage(page, request);
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
    })
  ).newPage();
  await plain.goto('/pt/contract');
  await plain.locator('.e-contract-card').getByRole('link', { name: 'Ký hợp đồng' }).click();
  // The name the contract lacks, on the one name form as a plain form, which leads back to the contract.
  await plain.getByRole('link', { name: 'Nhập họ tên' }).click();
  await plain.getByLabel('Họ và tên').fill('Lê Văn Bình');
  await plain.getByRole('button', { name: 'Lưu tên' }).click();
  await expect(plain).toHaveURL(/\/pt\/contract\/\d+\/preview$/);
  await expect(plain.getByText(/Bên B\): Lê Văn Bình, số điện thoại/)).toBeVisible();
  await plain.getByRole('link', { name: 'Ký hợp đồng' }).click();
  await expect(plain.getByText('Họ tên bạn nhập sẽ là chữ ký của bạn.')).toBeVisible();
  await expect(plain.locator('canvas')).toHaveCount(0);
  await plain.getByLabel('Họ và tên').fill('Lê Văn Bình');
  await plain.getByRole('button', { name: 'Gửi mã OTP' }).click();
  await expect(plain.getByText('Đã gửi mã OTP đến số điện thoại của bạn.')).toBeVisible();
  // The name typed before the code was sent is still there; without the tick, nothing is signed.
  await expect(plain.getByLabel('Họ và tên')).toHaveValue('Lê Văn Bình');
  await plain.getByLabel('Mã OTP').fill(await readOtp(request, phone));
  await plain.getByRole('button', { name: 'Ký hợp đồng' }).click();
  await expect(plain.getByText('Vui lòng xác nhận bạn đã đọc và đồng ý với hợp đồng.')).toBeVisible();
  await plain.getByLabel('Tôi đã đọc, hiểu và đồng ý với toàn bộ nội dung hợp đồng.').check();
  await plain.getByLabel('Mã OTP').fill(await readOtp(request, phone));
  await plain.getByRole('button', { name: 'Ký hợp đồng' }).click();
  await expect(plain.getByText(/Đã ký bởi Lê Văn Bình lúc/)).toBeVisible();
  await snap(plain, 'vi-pt-contract-signed-nojs');
  await plain.context().close();
});
