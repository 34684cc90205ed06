import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '#api/membership.ts';
import { LiveStatus } from './payment-ui.tsx';
import { formatVnd } from '#api/format.ts';
import {
  cardMessage,
  isOpen,
  parseMethodChoice,
  qrSvg,
  receiptView,
  safePayUrl,
  vnpayQuery,
} from './payment.server.ts';

describe('payment views', () => {
  it('prints VND with the dong sign in each language', () => {
    expect(formatVnd(1890000, 'vi')).toBe('1.890.000\u00a0₫');
    expect(formatVnd(1890000, 'en')).toBe('1,890,000\u00a0₫');
    expect(formatVnd(0, 'vi')).toBe('0\u00a0₫');
  });

  it('calls a receipt successful only when a payment date exists (§4)', () => {
    const receipt: Receipt = {
      clubNameVi: 'CLB Quận 1',
      clubNameEn: 'District 1 Club',
      allClubs: false,
      membershipNameVi: 'Cơ bản 12 tháng',
      membershipNameEn: 'Basic 12 months',
      paymentDate: null,
      transactionId: 'VF8K2M4Q',
      duration: { value: 12, unit: 'month' },
      membershipFee: 6000000,
      startupFee: 500000,
      promoDiscount: 600000,
      referralInfo: { referralCode: '0100000001', bonusDays: 14 },
      discount: 1100000,
      planDiscount: 500000,
      totalPayment: 5400000,
      startDate: '2026-07-01',
      endDate: '2027-06-30',
      paymentMethod: 1,
    };
    const pending = receiptView(receipt, 'en');
    expect(pending).toMatchObject({
      paid: false,
      paymentDate: null,
      total: '5,400,000\u00a0₫',
      duration: '12 months',
      promoDiscount: '\u2212600,000\u00a0₫',
      planDiscount: '\u2212500,000\u00a0₫',
    });
    // Every line adds up to the total: 6,000,000 + 500,000 − 500,000 − 600,000.
    expect(receipt.membershipFee + receipt.startupFee - receipt.planDiscount - receipt.promoDiscount).toBe(
      receipt.totalPayment,
    );
    expect(pending.startDate).toBe('01/07/2026');
    const paid = receiptView({ ...receipt, paymentDate: '2026-07-01T03:04:05Z' }, 'vi');
    expect(paid).toMatchObject({
      paid: true,
      paymentDate: '01/07/2026 10:04:05',
      duration: '12 tháng',
      total: '5.400.000\u00a0₫',
    });
  });

  it('reads the "pay another way" choice', () => {
    expect(parseMethodChoice('1')).toEqual({ paymentMethodGroupId: 1 });
    expect(parseMethodChoice('3')).toEqual({ paymentMethodGroupId: 3 });
    expect(parseMethodChoice('card-12')).toEqual({ paymentMethodGroupId: 2, savedCardId: 12 });
    for (const bad of ['4', '', 'card-0', 'card-x', null, 'card-1;2']) expect(parseMethodChoice(bad)).toBeNull();
  });

  it('passes on only the vnp_ fields of the return URL', () => {
    const query = vnpayQuery(
      'http://web/membership/payment/vnpay-return?vnp_Amount=100&vnp_SecureHash=ab%2Bc&next=//evil&x=1',
    );
    expect(new URLSearchParams(query).get('vnp_SecureHash')).toBe('ab+c');
    expect(query).not.toContain('next');
    expect(query).not.toContain('x=1');
  });

  it('maps VNPAY answers to their messages, unknown ones to the generic failure', () => {
    expect(cardMessage('51', 'en')).toBe('Insufficient balance.');
    expect(cardMessage('24', 'vi')).toBe('Bạn đã hủy giao dịch.');
    expect(cardMessage('zz', 'en')).toBe('The payment failed. Please try again.');
    expect(cardMessage(null, 'en')).toBeNull();
  });

  it('treats a pending attempt past its expiry as ended', () => {
    const base = { status: 'PENDING', expiresAt: '2026-07-01T00:15:00Z' } as Parameters<typeof isOpen>[0];
    expect(isOpen(base, Date.parse('2026-07-01T00:14:59Z'))).toBe(true);
    expect(isOpen(base, Date.parse('2026-07-01T00:15:00Z'))).toBe(false);
    expect(isOpen({ ...base, expiresAt: null }, Date.parse('2030-01-01T00:00:00Z'))).toBe(true);
    expect(isOpen({ ...base, status: 'EXPIRED' })).toBe(false);
  });

  it('sends the browser only to http(s) pay URLs', () => {
    expect(safePayUrl('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?a=1')).toContain('https://');
    expect(safePayUrl('javascript:alert(1)')).toBeNull();
    expect(safePayUrl('not a url')).toBeNull();
  });

  it('draws the QR as an SVG on the server', async () => {
    const svg = await qrSvg('00020101021238570010A000000727');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<script');
  });

  it('refreshes the page without JavaScript only (the meta refresh sits in <noscript>)', () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () =>
          createElement(LiveStatus, {
            statusUrl: '/membership/payment/7/status',
            paidUrl: '/membership/payment/result/7',
            label: 'Waiting',
          }),
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ['/'] }));
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);
  });
});
