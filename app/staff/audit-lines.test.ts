import { expect, test } from 'vitest';
import { translate } from '#app/i18n.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { auditLines } from './audit-lines.ts';

// Issue 38 §15: the audit log reads for a Vietnamese manager: fields in words, states translated,
// money in ₫, times in Vietnam time, the fields that did not change left out.
const tVi = (key: string) => translate(vi as never, key);
const tEn = (key: string) => translate(en as never, key);

test('a cash confirmation: the unchanged payment id is left out; states, money and dates as the app shows them', () => {
  const before = { paymentId: 12, status: 'PENDING', paymentState: 'WAITFORPAYMENT' };
  const after = {
    paymentId: 12,
    status: 'SUCCESS',
    paymentState: 'PAID',
    amount: 990000,
    startDate: '2026-11-28',
    endDate: '2027-02-27',
  };
  expect(auditLines(before, after, tVi, 'vi').map((l) => `${l.label}: ${l.before} → ${l.after}`)).toEqual([
    'Trạng thái: Chờ thanh toán → Thành công',
    'Trạng thái thanh toán: Chờ thanh toán → Đã thanh toán',
    'Số tiền: — → 990.000\u00a0₫',
    'Ngày bắt đầu: — → 28/11/2026',
    'Ngày kết thúc: — → 27/02/2027',
  ]);
  expect(auditLines(before, after, tEn, 'en')[0]).toMatchObject({
    label: 'Status',
    before: 'Waiting for payment',
    after: 'Succeeded',
  });
});

test('instants in Vietnam time, dd/MM/yyyy HH:mm; booleans in words; an unknown field keeps its name', () => {
  const lines = auditLines(
    { cancelledAt: null, needsReview: true },
    {
      cancelledAt: '2026-11-28T03:04:05.000Z',
      needsReview: false,
      afterMinute: 900,
      idempotencyKey: 'k',
      requestHash: 'h',
      mystery: 'x',
    },
    tVi,
    'vi',
  );
  expect(lines.map((l) => [l.label, l.before, l.after])).toEqual([
    ['Hủy lúc', '—', '28/11/2026 10:04'],
    ['Cần xem xét', 'Có', 'Không'],
    ['Giờ bắt đầu', '—', '15:00'],
    ['mystery', '—', 'x'],
  ]);
});
