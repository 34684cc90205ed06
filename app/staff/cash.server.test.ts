import { describe, expect, test } from 'vitest';
import { cashConfirmForm } from './cash.server.ts';

const parse = (amount: unknown) => cashConfirmForm.safeParse({ paymentId: '7', amount });

describe('the cash desk’s amount', () => {
  test.each([
    ['5490000', 5_490_000],
    ['5.490.000', 5_490_000],
    ['5,490,000', 5_490_000],
    ['5 490 000 ₫', 5_490_000],
    [' 1.000 đ ', 1000],
    ['250000 VND', 250_000],
  ])('%s is %d', (typed, amount) => {
    expect(parse(typed)).toMatchObject({ success: true, data: { paymentId: 7, amount } });
  });

  test.each([
    ['', 'required'],
    [undefined, 'required'],
    ['abc', 'numberInvalid'],
    ['-5000', 'numberInvalid'],
    ['12.5e3', 'numberInvalid'],
    ['1234567890123', 'numberInvalid'],
    ['0', 'numberTooSmall'],
  ])('%s is refused with %s', (typed, message) => {
    const parsed = parse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
