import { expect, test } from 'vitest';
import { findTransferMemos, MEMO_ALPHABET, transferMemo, type RandomSource } from './memo.ts';
import { buildVietQrPayload, parseVietQrPayload } from './vietqr.ts';

const fixed =
  (...values: number[]): RandomSource =>
  (count) =>
    Uint8Array.from({ length: count }, (_, i) => values[i % values.length]);

test('the alphabet has 32 distinct characters and none of 0, O, 1, I', () => {
  expect(new Set(MEMO_ALPHABET).size).toBe(32);
  expect(MEMO_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  for (const confusable of '0O1I') expect(MEMO_ALPHABET).not.toContain(confusable);
});

test('a memo is the prefix plus 8 alphabet characters drawn from the random bytes', () => {
  expect(transferMemo('VF', fixed(0))).toBe('VF22222222');
  expect(transferMemo('VF', fixed(31))).toBe('VFZZZZZZZZ');
  // Bytes wrap modulo 32: 32 → '2', 255 → 'Z', 8 → 'A'.
  expect(transferMemo('GYM', fixed(32, 255, 8, 1, 2, 3, 4, 5))).toBe('GYM2ZA34567');
});

test('the default is prefix VF with crypto randomness; memos differ and stay well formed', () => {
  const memos = Array.from({ length: 2000 }, () => transferMemo());
  for (const memo of memos) expect(memo).toMatch(/^VF[2-9A-HJ-NP-Z]{8}$/);
  expect(new Set(memos).size).toBe(memos.length);
  // Every alphabet character turns up (16 000 draws of 32 values): no stuck bits.
  expect(new Set(memos.flatMap((m) => [...m.slice(2)])).size).toBe(32);
});

test('bad prefixes and short random sources are refused', () => {
  for (const prefix of ['', 'vf', 'V F', 'VF1', 'ĐV', 'ABCDEFGHI']) {
    expect(() => transferMemo(prefix), prefix).toThrow(/prefix/);
  }
  expect(() => transferMemo('VF', () => new Uint8Array(7))).toThrow(/too few/);
});

test('every memo fits a VietQR purpose field and survives the round trip', () => {
  const memo = transferMemo('VF');
  const payload = buildVietQrPayload({ bin: '970436', accountNumber: '0071000123456', amount: 500_000, memo });
  expect(parseVietQrPayload(payload).memo).toBe(memo);
});

test('memos are found in bank descriptions, whatever the bank wrapped around them', () => {
  expect(findTransferMemos('MBVCB.5123456.VF7K3M9QXZ.CT tu 0123 NGUYEN VAN A')).toEqual(['VF7K3M9QXZ']);
  expect(findTransferMemos('vf7k3m9qxz chuyen tien')).toEqual(['VF7K3M9QXZ']);
  expect(findTransferMemos('VF7K3M9QXZ VF7K3M9QXZ GYMABCDEFGH', 'VF')).toEqual(['VF7K3M9QXZ']);
  expect(findTransferMemos('thanh toan GYMABCDEFGH', 'GYM')).toEqual(['GYMABCDEFGH']);
  // 0, O, 1 and I are not in the alphabet, so they cannot be part of a memo.
  expect(findTransferMemos('VF7K3M9QX0 VFO7K3M9QX VF1234567')).toEqual([]);
  expect(findTransferMemos('no memo here')).toEqual([]);
});
