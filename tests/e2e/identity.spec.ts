import { timeLimit } from '#tests/support/time-limit.ts';
import { randomInt } from 'node:crypto';
import { cccdBack, cccdFront, passportPage, type CardPerson } from '#tests/support/id-card.ts';
import { expect, signUp, snapBothWidths, test, toEnglish } from './fixtures.ts';

// Issue 16 §3 (ADR 040): a member verifies their identity from photos of a generated ID card or
// passport, read by the sandbox reader (the card's QR, the passport's machine-readable zone).

const ddmmyyyy = (yearsAgo: number) => {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getFullYear() - yearsAgo)}`;
};

const card = (fullName: string): CardPerson => ({
  idNumber: `0791${String(randomInt(10_000_000, 99_999_999))}`,
  fullName,
  dateOfBirth: ddmmyyyy(28),
  sex: 'Nam',
  address: '88 Đinh Tiên Hoàng, Phường Đa Kao, Quận 1, TP. Hồ Chí Minh',
  issuedOn: ddmmyyyy(4),
});

const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

test('vi: a member verifies with the front and back of a citizen ID card; Account shows it verified', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Xác minh danh tính' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xác minh danh tính');
  await snapBothWidths(page, 'vi-verification-form');
  const person = card('Võ Quang Huy');
  await page.getByLabel('Ảnh mặt trước').setInputFiles(jpeg('front.jpg', await cccdFront(person)));
  await page.getByLabel('Ảnh mặt sau').setInputFiles(jpeg('back.jpg', await cccdBack(person)));
  await page.getByRole('button', { name: 'Gửi xác minh' }).click();
  // The web waits up to 45 s for the reading (identity.server.ts).
  await expect(page).toHaveURL(/\/account\/verification\/success$/, { timeout: timeLimit(50_000) });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xác minh thành công');
  await expect(page.getByText(`••••••••${person.idNumber.slice(-4)}`)).toBeVisible();
  // The account had no name: it takes the card's.
  await expect(page.getByText('Võ Quang Huy')).toBeVisible();
  await snapBothWidths(page, 'vi-verification-success');
  await page.getByRole('link', { name: 'Về trang tài khoản' }).click();
  await expect(page.getByRole('link', { name: /Xác minh danh tính\s*Đã xác minh/ })).toBeVisible();
  await expect(page.locator('.profile-name')).toHaveText('Võ Quang Huy');
});

test('en: another name on the card is refused with what to do, the choice kept; a passport then verifies', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  await page.goto('/account/information');
  await page.getByLabel('Họ và tên').fill('Tran Minh Khoa');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await toEnglish(page);
  await page.goto('/account/verification');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identity verification');
  await page.getByLabel('Photo of the front').setInputFiles(jpeg('front.jpg', await cccdFront(card('Lê Thị Mai'))));
  await page.getByRole('button', { name: 'Verify' }).click();
  // The form's own error (a slow network's notice may be an alert beside it).
  await expect(page.locator('.form-error[role="alert"]')).toContainText('name');
  await expect(page.getByRole('radio', { name: 'Citizen ID card' })).toBeChecked();
  await snapBothWidths(page, 'en-verification-name-refused');

  await page.getByRole('radio', { name: 'Passport' }).check();
  await expect(page.getByLabel('Photo of the back')).toBeHidden();
  const passport = await passportPage({
    number: `C${String(randomInt(1_000_000, 9_999_999))}`,
    surname: 'Trần',
    givenNames: 'Minh Khoa',
    dateOfBirth: ddmmyyyy(33),
    sex: 'M',
    expiresOn: ddmmyyyy(-6),
  });
  await page.getByLabel('Photo of the data page').setInputFiles(jpeg('passport.jpg', passport));
  await page.getByRole('button', { name: 'Verify' }).click();
  // The web waits up to 45 s for the reading (identity.server.ts).
  await expect(page).toHaveURL(/\/account\/verification\/success$/, { timeout: timeLimit(50_000) });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification complete');
  await expect(page.getByText('Passport')).toBeVisible();
  await snapBothWidths(page, 'en-verification-success');
});
