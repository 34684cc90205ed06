import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import {
  buildVnpayPayUrl,
  buildVnpayTokenPayUrl,
  hasValidVnpaySignature,
  maskCardNumber,
  parseVnpayDate,
  readVnpayResult,
  vnpaySignature,
} from './vnpay.ts';

const SECRET = 'KAT-SECRET-0123456789ABCDEF';

/** An independent signer: WHATWG form encoding (spaces as '+') and node:crypto, no code shared with vnpay.ts. */
function referenceSignature(secret: string, params: Record<string, string>) {
  const sorted = Object.entries(params)
    .filter(([k, v]) => k !== 'vnp_SecureHash' && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHmac('sha512', Buffer.from(secret, 'utf8')).update(new URLSearchParams(sorted).toString()).digest('hex');
}

const payParams = {
  vnp_Version: '2.1.0',
  vnp_Command: 'pay',
  vnp_TmnCode: 'VFSANDBX',
  vnp_Amount: '189000000',
  vnp_CreateDate: '20261121100000',
  vnp_ExpireDate: '20261121101500',
  vnp_CurrCode: 'VND',
  vnp_IpAddr: '203.0.113.7',
  vnp_Locale: 'vn',
  vnp_OrderInfo: 'Thanh toan hop dong 42',
  vnp_OrderType: 'other',
  vnp_ReturnUrl: 'http://localhost:3000/membership/payment/vnpay-return',
  vnp_TxnRef: 'VF42ABCDEF0123',
};

test('known answer: the signature equals an independent HMAC-SHA512 over the sorted, form-encoded fields', () => {
  expect(vnpaySignature(SECRET, payParams)).toBe(referenceSignature(SECRET, payParams));
  // Vietnamese text, slashes, colons and spaces are encoded the same way.
  const tricky = { ...payParams, vnp_OrderInfo: 'Thanh toán gói Hội viên / tháng: 12', vnp_BankCode: 'NCB' };
  expect(vnpaySignature(SECRET, tricky)).toBe(referenceSignature(SECRET, tricky));
  // A different secret or one changed field gives another signature.
  expect(vnpaySignature(`${SECRET}x`, payParams)).not.toBe(referenceSignature(SECRET, payParams));
  expect(vnpaySignature(SECRET, { ...payParams, vnp_Amount: '189000100' })).not.toBe(
    referenceSignature(SECRET, payParams),
  );
});

test('the pay URL carries every 2.1.0 field and a signature that the reference signer reproduces', () => {
  const url = new URL(
    buildVnpayPayUrl({
      tmnCode: 'VFSANDBX',
      hashSecret: SECRET,
      payUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      returnUrl: payParams.vnp_ReturnUrl,
      txnRef: payParams.vnp_TxnRef,
      amount: 1_890_000,
      orderInfo: payParams.vnp_OrderInfo,
      locale: 'vi',
      clientIp: '203.0.113.7',
      createdAt: new Date('2026-11-21T03:00:00Z'),
      expiresAt: new Date('2026-11-21T03:15:00Z'),
    }),
  );
  const fields = Object.fromEntries(url.searchParams);
  const { vnp_SecureHash: hash, ...signed } = fields;
  expect(signed).toEqual(payParams);
  expect(hash).toBe(referenceSignature(SECRET, signed));
  expect(hasValidVnpaySignature(SECRET, fields)).toBe(true);
});

test('signature check: any changed field, a wrong secret, a missing or malformed hash fail; upper-case hex passes', () => {
  const signed = { ...payParams, vnp_SecureHash: referenceSignature(SECRET, payParams) };
  expect(hasValidVnpaySignature(SECRET, signed)).toBe(true);
  expect(hasValidVnpaySignature(SECRET, { ...signed, vnp_SecureHash: signed.vnp_SecureHash.toUpperCase() })).toBe(true);
  expect(hasValidVnpaySignature(SECRET, { ...signed, vnp_SecureHashType: 'HmacSHA512' })).toBe(true);
  expect(hasValidVnpaySignature(SECRET, { ...signed, vnp_Amount: '189000001' })).toBe(false);
  expect(hasValidVnpaySignature(SECRET, { ...signed, vnp_ResponseCode: '00' })).toBe(false);
  expect(hasValidVnpaySignature('another-secret-0123456789', signed)).toBe(false);
  expect(hasValidVnpaySignature(SECRET, payParams)).toBe(false);
  expect(hasValidVnpaySignature(SECRET, { ...signed, vnp_SecureHash: 'zz' })).toBe(false);
});

test('token_pay URL: snake_case fields signed as vnp_secure_hash under token_ui/', () => {
  const url = new URL(
    buildVnpayTokenPayUrl({
      tmnCode: 'VFSANDBX',
      hashSecret: SECRET,
      tokenUrl: 'https://sandbox.vnpayment.vn/token_ui/',
      returnUrl: payParams.vnp_ReturnUrl,
      txnRef: 'VF7ABC',
      appUserId: '7',
      token: 'tok_0123456789',
      amount: 500_000,
      orderInfo: 'Thanh toan hop dong 7',
      locale: 'en',
      clientIp: '203.0.113.7',
      createdAt: new Date('2026-11-21T03:00:00Z'),
    }),
  );
  expect(url.pathname).toBe('/token_ui/payment-token.html');
  const fields = Object.fromEntries(url.searchParams);
  expect(fields).toMatchObject({
    vnp_command: 'token_pay',
    vnp_amount: '50000000',
    vnp_token: 'tok_0123456789',
    vnp_locale: 'en',
  });
  const { vnp_secure_hash: hash, ...signed } = fields;
  expect(hash).toBe(referenceSignature(SECRET, signed));
  expect(hasValidVnpaySignature(SECRET, fields)).toBe(true);
});

test('vnp_PayDate is read as GMT+7; impossible dates are refused', () => {
  expect(parseVnpayDate('20261121100000')?.toISOString()).toBe('2026-11-21T03:00:00.000Z');
  expect(parseVnpayDate('20261231235959')?.toISOString()).toBe('2026-12-31T16:59:59.000Z');
  for (const bad of ['20261321100000', '20260230100000', '20261121250000', '2026112110000', '', undefined])
    expect(parseVnpayDate(bad)).toBeNull();
});

test('a result is read the same from the pay API (camelCase) and the token API (snake_case)', () => {
  const camel = readVnpayResult({
    vnp_TxnRef: 'A1',
    vnp_Amount: '100000',
    vnp_ResponseCode: '24',
    vnp_TransactionStatus: '02',
    vnp_TransactionNo: '0',
    vnp_TmnCode: 'T',
  });
  const snake = readVnpayResult({
    vnp_txn_ref: 'A1',
    vnp_amount: '100000',
    vnp_response_code: '24',
    vnp_transaction_status: '02',
    vnp_transaction_no: '0',
    vnp_tmn_code: 'T',
  });
  expect(camel).toMatchObject({
    txnRef: 'A1',
    amount: 1000,
    responseCode: '24',
    transactionStatus: '02',
    transactionNo: '0',
    tmnCode: 'T',
  });
  expect(snake).toMatchObject({
    txnRef: 'A1',
    amount: 1000,
    responseCode: '24',
    transactionStatus: '02',
    transactionNo: '0',
    tmnCode: 'T',
  });
  expect(readVnpayResult({ vnp_TxnRef: 'A', vnp_Amount: '12345' }).amount).toBeNull();
  expect(readVnpayResult({ vnp_TxnRef: 'A', vnp_Amount: '-100' }).amount).toBeNull();
});

test('card numbers keep only the first six and last four digits', () => {
  expect(maskCardNumber('9704198526191432198')).toBe('970419*********2198');
  expect(maskCardNumber('4456 5300 0000 1005')).toBe('445653******1005');
  expect(maskCardNumber('970419xxxxxx2198')).toBe('970419******2198');
});
