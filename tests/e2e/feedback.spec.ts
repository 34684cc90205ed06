import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, gatewayUrl, randomPhone, signUp, snap, snapBothWidths, test, toastSaying } from './fixtures.ts';
import { CLUB, staffToken, type Lang } from './membership-steps.ts';

// Issue 16 §1 (ADR 039): a visitor scans the club's poster and reports a broken machine with a
// photo, with JavaScript off, no account; staff find it in their list with the photo.

const T = {
  vi: {
    title: 'Báo cáo sự cố',
    machine: 'Máy tập hỏng',
    star4: '4 ngôi sao',
    comment: 'Mô tả',
    phone: 'Số điện thoại (không bắt buộc)',
    photo: 'Ảnh (không bắt buộc)',
    send: 'Gửi',
    required: 'Trường bắt buộc',
    phoneInvalid: 'Số điện thoại không đúng',
    thanks: 'Cảm ơn bạn!',
  },
  en: {
    title: 'Report a problem',
    machine: 'Broken machine',
    star4: '4 stars',
    comment: 'Description',
    phone: 'Phone number (optional)',
    photo: 'Photo (optional)',
    send: 'Send',
    required: 'Required field',
    phoneInvalid: 'Phone number is incorrect',
    thanks: 'Thank you!',
  },
} as const;

const photo = async () => ({
  name: 'treadmill.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 90, b: 100 } } })
    .jpeg()
    .toBuffer(),
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
    test(`${lang}: a visitor reports a broken machine with a photo from the poster's URL, no sign-in`, async ({
      page,
      request,
    }) => {
      test.slow();
      const t = T[lang];
      // The poster's QR opens this URL.
      const poster = await request.get(`/public/customer-report/poster.svg?club=${String(CLUB)}`);
      expect(poster.headers()['content-type']).toContain('image/svg+xml');
      // Printed (rasterized at 150 dpi), its QR reads as the club's report page.
      const { data, info } = await sharp(await poster.body(), { density: 150 })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toMatch(
        new RegExp(`/public/customer-report\\?club=${String(CLUB)}$`),
      );

      await page.goto(`/public/customer-report?club=${String(CLUB)}`);
      if (lang === 'en') await page.getByRole('button', { name: /^EN/ }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
      await snapBothWidths(page, `${lang}-report-types`);
      await page.getByRole('link', { name: t.machine }).click();
      await expect(page).toHaveURL(/\/public\/customer-report\/MACHINE\?club=/);

      // Nothing chosen, a short phone: §5's messages, what was typed kept.
      await page.getByLabel(t.phone).fill('0901');
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await expect(page.locator('.stars-field .field-error')).toHaveText(t.required);
      await expect(page.locator('#report-phone-error')).toHaveText(t.phoneInvalid);
      await expect(page.getByLabel(t.phone)).toHaveValue('0901');
      await snapBothWidths(page, `${lang}-report-errors`);

      const comment = `Máy chạy bộ số ${String(Date.now() % 100000)} bị đứt băng tải`;
      await page.getByLabel(t.star4).check();
      await page.getByLabel(t.comment).fill(comment);
      await page.getByLabel(t.phone).fill(randomPhone());
      await page.getByLabel(t.photo).setInputFiles(await photo());
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await expect(page).toHaveURL(/\/public\/customer-report\?club=\d+&sent=1$/);
      await expect(page.getByRole('heading', { name: t.thanks })).toBeVisible();
      await snap(page, `${lang}-report-sent`);

      // Staff of the club find it, with its photo (re-encoded, served as WebP).
      // The front desk in Vietnamese, the manager (every club) in English: two sign-ins, no wait between them.
      const token = await staffToken(request, lang === 'vi' ? '0100000001' : '0100000003');
      const list = await request.get(`${gatewayUrl()}/api/v1/staff/feedback?type=MACHINE&state=NEW`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const found = (
        (await list.json()) as { data: { comment: string; rate: number; source: string; photoUrl: string | null }[] }
      ).data.find((f) => f.comment === comment);
      expect(found).toMatchObject({ rate: 4, source: 'PUBLIC' });
      const image = await request.get(`${gatewayUrl()}${found!.photoUrl!}`);
      expect(image.headers()['content-type']).toBe('image/webp');
    });
  }
});

test('vi: a member sends feedback from Support; staff see it with the member’s phone, then answer it and the member is notified', async ({
  page,
  request,
}) => {
  test.slow();
  const phone = await signUp(page);
  await page.goto('/support');
  await page.getByRole('link', { name: 'Gửi góp ý cho câu lạc bộ' }).click();
  await expect(page).toHaveURL(/\/support\/feedback$/);
  await page.getByLabel('Câu lạc bộ').selectOption(String(CLUB));
  await page.getByLabel('Nhiệt độ, điều hòa').check();
  await page.getByRole('button', { name: 'Gửi', exact: true }).click();
  await expect(page.locator('.stars-field .field-error')).toHaveText('Trường bắt buộc');
  const comment = `Phòng tập nóng quá ${String(Date.now() % 100000)}`;
  await page.getByLabel('5 ngôi sao').check();
  await page.getByLabel('Mô tả').fill(comment);
  await snapBothWidths(page, 'vi-feedback-member');
  await page.getByRole('button', { name: 'Gửi', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(toastSaying(page, 'Cảm ơn bạn! Chúng tôi đã ghi nhận phản hồi của bạn.')).toBeAttached();

  const token = await staffToken(request, '0100000003');
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get(`${gatewayUrl()}/api/v1/staff/feedback?type=TEMPERATURE`, { headers });
  const found = (
    (await list.json()) as {
      data: { id: number; comment: string; rate: number; source: string; phoneNumber: string | null }[];
    }
  ).data.find((f) => f.comment === comment);
  expect(found).toMatchObject({ rate: 5, source: 'MEMBER', phoneNumber: phone });
  const answered = await request.put(`${gatewayUrl()}/api/v1/staff/feedback/${String(found!.id)}/handled`, {
    headers,
    data: { reply: 'Câu lạc bộ đã chỉnh điều hòa, cảm ơn bạn!' },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  await page.goto('/notification');
  await expect(page.getByText('Phản hồi của bạn đã được trả lời')).toBeVisible();
});
