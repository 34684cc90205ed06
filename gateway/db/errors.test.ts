import { describe, expect, test } from 'vitest';
import { isDeadlock, retryOnDeadlock } from './errors.ts';

/** What node-postgres throws, wrapped the way drizzle wraps it (DrizzleQueryError.cause). */
const pgError = (code: string) =>
  Object.assign(new Error('query failed'), { cause: Object.assign(new Error(code), { code }) });

describe('retryOnDeadlock', () => {
  test('runs the transaction again after 40P01 and returns what the next run returns', async () => {
    let runs = 0;
    const answer = await retryOnDeadlock(async () => {
      runs++;
      if (runs < 3) throw pgError('40P01');
      return 'booked';
    });
    expect([answer, runs]).toEqual(['booked', 3]);
  });

  test('gives up after the last attempt with the deadlock itself', async () => {
    let runs = 0;
    const failing = retryOnDeadlock(() => {
      runs++;
      return Promise.reject(pgError('40P01'));
    }, 2);
    await expect(failing).rejects.toSatisfy(isDeadlock);
    expect(runs).toBe(2);
  });

  test('any other error is not retried', async () => {
    let runs = 0;
    const failing = retryOnDeadlock(() => {
      runs++;
      return Promise.reject(pgError('23P01'));
    });
    await expect(failing).rejects.toThrow('query failed');
    expect(runs).toBe(1);
  });
});
