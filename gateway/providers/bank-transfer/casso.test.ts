import { expect, test } from 'vitest';
import {
  cassoSignature,
  cassoSignatureHeader,
  cassoTransfers,
  cassoWebhookBody,
  hasValidCassoSignature,
  isFreshCassoTimestamp,
  parseCassoSignatureHeader,
  sortKeysDeep,
} from './casso.ts';
import { hasValidSepayApiKey, sepayTransfer, sepayWebhookBody } from './sepay.ts';
import { formatBankTime, parseBankTime } from './transfer.ts';

const SECRET = 'casso-checksum-key-for-tests';
// Keys deliberately out of order: the signature is over the sorted JSON.
const body = {
  error: 0,
  data: { id: 123, description: 'MBVCB.1.VF7K3M9QXZ.CT', amount: 599000, accountNumber: '998800000001' },
};

test('keys are sorted at every depth, arrays keep their order', () => {
  expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: null } }))).toBe(
    '{"a":{"c":null,"d":[{"y":2,"z":1},3]},"b":1}',
  );
});

test('the v1 signature matches an independent HMAC-SHA512 (openssl) of t + "." + the sorted JSON', () => {
  // printf '%s' '1732097245000.{"data":{"accountNumber":…,"amount":599000,"description":…,"id":123},"error":0}' | openssl dgst -sha512 -hmac <key>
  expect(cassoSignature(SECRET, 1732097245000, body)).toBe(
    '50ae6721d290352910c51cc00634d59f10c5565ffb243744cf4e9b98ce5e1f282442a9f6ebcb0f65492af73e97a8bc5a80bba1b17f178bf9a0bdec70083d9d55',
  );
});

test('a header made by cassoSignatureHeader verifies; any change of body, key or time does not', () => {
  const now = new Date('2026-11-21T03:00:00Z');
  const header = parseCassoSignatureHeader(cassoSignatureHeader(SECRET, body, now))!;
  expect(header.timestampMs).toBe(now.getTime());
  expect(hasValidCassoSignature(SECRET, header, body)).toBe(true);
  expect(hasValidCassoSignature(SECRET, header, { ...body, data: { ...body.data, amount: 599001 } })).toBe(false);
  expect(hasValidCassoSignature(`${SECRET}x`, header, body)).toBe(false);
  expect(hasValidCassoSignature(SECRET, { ...header, timestampMs: header.timestampMs + 1 }, body)).toBe(false);
});

test.each([
  undefined,
  '',
  't=1732097245000',
  'v1=' + 'a'.repeat(128),
  't=abc,v1=' + 'a'.repeat(128),
  't=1732097245000,v1=xyz',
  't=1732097245000,v1=' + 'a'.repeat(127),
])('header %j is refused', (header) => {
  expect(parseCassoSignatureHeader(header)).toBeNull();
});

test('order and spaces in the header do not matter; upper-case hex is accepted', () => {
  expect(parseCassoSignatureHeader(`v1=${'AB'.repeat(64)}, t=1732097245000`)).toEqual({
    timestampMs: 1732097245000,
    v1: 'ab'.repeat(64),
  });
});

test('timestamps more than 5 minutes away either way are stale', () => {
  const now = new Date('2026-11-21T03:00:00Z');
  const at = (ms: number) => ({ timestampMs: now.getTime() + ms, v1: '' });
  expect(isFreshCassoTimestamp(at(-300_000), now)).toBe(true);
  expect(isFreshCassoTimestamp(at(300_000), now)).toBe(true);
  expect(isFreshCassoTimestamp(at(-300_001), now)).toBe(false);
  expect(isFreshCassoTimestamp(at(300_001), now)).toBe(false);
});

test('a v2 body becomes one transfer; a list (older deliveries) several; negative amounts are outgoing', () => {
  const one = cassoWebhookBody.parse({
    ...body,
    data: { ...body.data, reference: 'FT1', transactionDateTime: '2026-11-21 10:05:00' },
  });
  expect(cassoTransfers(one, body)).toEqual([
    {
      provider: 'casso',
      externalId: '123',
      incoming: true,
      amount: 599000,
      description: 'MBVCB.1.VF7K3M9QXZ.CT',
      accountNumber: '998800000001',
      bookedAt: new Date('2026-11-21T03:05:00Z'),
      bankReference: 'FT1',
      raw: body.data,
    },
  ]);
  const list = { error: 0, data: [body.data, { ...body.data, id: 124, amount: -5000 }] };
  const transfers = cassoTransfers(cassoWebhookBody.parse(list), list);
  expect(transfers.map((t) => [t.externalId, t.incoming, t.amount])).toEqual([
    ['123', true, 599000],
    ['124', false, 5000],
  ]);
  expect(cassoTransfers(cassoWebhookBody.parse({ ...body, error: 1 }), body)).toEqual([]);
});

test('bank times are Vietnam local time; unreadable ones are null', () => {
  expect(parseBankTime('2026-11-21 10:05:00')).toEqual(new Date('2026-11-21T03:05:00Z'));
  expect(parseBankTime('2026-11-21T03:05:00Z')).toEqual(new Date('2026-11-21T03:05:00Z'));
  expect(parseBankTime('21/11/2026')).toBeNull();
  expect(parseBankTime('2026-13-45 99:99:99')).toBeNull();
  expect(parseBankTime(null)).toBeNull();
  expect(formatBankTime(new Date('2026-11-21T03:05:09Z'))).toBe('2026-11-21 10:05:09');
});

test('SePay: Apikey checked whole and case-insensitive in the scheme only', () => {
  const key = 'sepay-api-key-0123456789';
  expect(hasValidSepayApiKey(`Apikey ${key}`, key)).toBe(true);
  expect(hasValidSepayApiKey(`apikey ${key}`, key)).toBe(true);
  for (const header of [
    undefined,
    '',
    key,
    `Bearer ${key}`,
    `Apikey ${key}x`,
    `Apikey ${key.slice(1)}`,
    `Apikey ${key.toUpperCase()}`,
  ]) {
    expect(hasValidSepayApiKey(header, key), String(header)).toBe(false);
  }
});

test('SePay: content and description are both searched; "out" is not incoming', () => {
  const raw = {
    id: 92704,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-21 10:05:00',
    accountNumber: '998800000001',
    code: null,
    content: 'VF7K3M9QXZ',
    transferType: 'in',
    transferAmount: 599000,
    accumulated: 0,
    subAccount: null,
    referenceCode: 'MBVCB.3278907687',
    description: 'MBVCB.3278907687.VF7K3M9QXZ.CT tu',
  };
  const transfer = sepayTransfer(sepayWebhookBody.parse(raw), raw);
  expect(transfer).toMatchObject({
    provider: 'sepay',
    externalId: '92704',
    incoming: true,
    amount: 599000,
    bankReference: 'MBVCB.3278907687',
  });
  expect(transfer.description).toContain('VF7K3M9QXZ');
  expect(sepayTransfer(sepayWebhookBody.parse({ ...raw, transferType: 'out' }), raw).incoming).toBe(false);
  expect(sepayWebhookBody.safeParse({ ...raw, transferType: 'sideways' }).success).toBe(false);
  expect(sepayWebhookBody.safeParse({ ...raw, transferAmount: -1 }).success).toBe(false);
});
