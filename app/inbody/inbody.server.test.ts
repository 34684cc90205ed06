import { expect, test } from 'vitest';
import { Codes } from '#api/codes.ts';
import { translate, type Messages } from '#app/i18n.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { uploadRefused } from './inbody.server.ts';

// ADR 066: a refused sheet photo becomes what the page says — the reason, or the photos sent and the
// minutes to wait (from the gateway's retryAfterSeconds), or the code's message.

type Refusal = {
  data: { unreadable?: string; limit?: { sent: number; minutes: number }; uploadError: string | null };
  init: ResponseInit | null;
};
const refusalOf = (error: GatewayError) => uploadRefused(error) as unknown as Refusal;

test('30 photos an hour: the minutes to wait, rounded up, in both languages; the header carries the seconds', () => {
  const refusal = refusalOf(
    new GatewayError(429, Codes.TOO_MANY_REQUESTS, 'later', { limit: 30, retryAfterSeconds: 12 * 60 - 20 }),
  );
  expect(refusal.data.limit).toEqual({ sent: 30, minutes: 12 });
  expect(refusal.init?.status).toBe(429);
  expect(new Headers(refusal.init?.headers).get('retry-after')).toBe('700');
  const vars = { total: refusal.data.limit!.sent, count: refusal.data.limit!.minutes };
  expect(translate(vi as Messages, 'inbody.limitReached', vars, 'vi')).toBe(
    'Bạn đã gửi 30 ảnh trong 1 giờ. Thử lại sau 12 phút.',
  );
  expect(translate(en as Messages, 'inbody.limitReached', vars, 'en')).toBe(
    'You have sent 30 photos in 1 hour. Try again in 12 minutes.',
  );
  expect(translate(en as Messages, 'inbody.limitReached', { total: 30, count: 1 }, 'en')).toBe(
    'You have sent 30 photos in 1 hour. Try again in 1 minute.',
  );
});

test('a busy reader (no limit in the data) keeps the code’s message; an unreadable photo its reason, NO_VALUES when the gateway gives none', () => {
  expect(
    refusalOf(
      new GatewayError(429, Codes.TOO_MANY_REQUESTS, 'Bạn đã thao tác quá nhiều lần', { retryAfterSeconds: 10 }),
    ).data,
  ).toMatchObject({ uploadError: 'Bạn đã thao tác quá nhiều lần' });
  expect(refusalOf(new GatewayError(422, Codes.CANNOT_SCAN, 'x', { reason: 'BLURRED' })).data.unreadable).toBe(
    'BLURRED',
  );
  expect(refusalOf(new GatewayError(422, Codes.CANNOT_SCAN, 'x', undefined)).data.unreadable).toBe('NO_VALUES');
  expect(translate(vi as Messages, 'inbody.unreadable.TOO_DARK', {}, 'vi')).toMatch(/^Ảnh quá tối\./);
});
