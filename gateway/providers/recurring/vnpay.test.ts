import { afterAll, beforeAll, expect, test } from 'vitest';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createVnpayRecurring, recurringSignature, signedRecurringAnswer, signedRecurringFields } from './vnpay.ts';
import { RecurringProviderError } from './port.ts';

// The VNPAY recurring client against a local fake that checks what it receives (ARCHITECTURE §6).

const SECRET = 'recurring-test-secret-0123456789';
type Seen = Record<string, any>;
const seen: Seen[] = [];
let answer: (body: Seen) => Record<string, string> | Response = () => ({});
let server: ReturnType<typeof serve>;
let url: string;

beforeAll(async () => {
  server = serve({
    fetch: async (request) => {
      const body = (await request.json()) as Seen;
      seen.push(body);
      const { secureHash, ...rest } = body;
      if (
        secureHash !==
        recurringSignature(SECRET, signedRecurringFields(rest as Parameters<typeof signedRecurringFields>[0]))
      ) {
        return Response.json({ reqId: body.reqId, responseCode: '97' });
      }
      const out = answer(body);
      return out instanceof Response ? out : Response.json(out);
    },
    hostname: '127.0.0.1',
    port: 0,
  });
  if (!server.listening) await once(server, 'listening');
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/recurring`;
});
afterAll(() => server.close());

const signed = (
  fields: { reqId: string; responseCode: string; recurringId?: string; transactionNo?: string },
  secret = SECRET,
) => ({
  ...fields,
  secureHash: recurringSignature(secret, signedRecurringAnswer(fields)),
});

const client = (secret = SECRET) =>
  createVnpayRecurring({ url, tmnCode: 'VFSANDBX', hashSecret: secret, serverIp: '10.0.0.1', timeoutMs: 2000 });
const card = { token: 'a'.repeat(48), appUserId: '42', cardNumber: '970419*********2198' };
const now = new Date('2026-12-17T03:00:00Z');

test('a charge is a signed JSON request with the documented fields; a signed 00 answer is a success', async () => {
  answer = (body) => signed({ reqId: body.reqId, responseCode: '00', transactionNo: '14512345' });
  const result = await client().charge({
    recurringId: '774838183543312384',
    card,
    reference: 'VR12ABCDEF0123',
    amount: 599_000,
    orderInfo: 'Gia han goi thang 12',
    now,
  });
  expect(result).toEqual({ ok: true, transactionNo: '14512345' });
  const body = seen.at(-1)!;
  expect(body).toMatchObject({
    version: '2.1.0',
    command: 'pay_recurring',
    tmnCode: 'VFSANDBX',
    order: { orderReference: 'VR12ABCDEF0123', amount: '59900000', orderInfo: 'Gia han goi thang 12' },
    transaction: { recurringId: '774838183543312384', mcDate: '20261217100000' },
    ipAddr: '10.0.0.1',
  });
  expect(body.reqId).toMatch(/^VR12ABCDEF0123[0-9A-F]{6}$/);
  expect(body.secureHash).toMatch(/^[0-9a-f]{128}$/);
});

test('a decline carries the bank code; registration answers the agreement or none', async () => {
  answer = (body) => signed({ reqId: body.reqId, responseCode: '51' });
  expect(
    await client().charge({ recurringId: '1', card, reference: 'VR1', amount: 1000, orderInfo: 'x', now }),
  ).toEqual({ ok: false, responseCode: '51' });
  answer = (body) => signed({ reqId: body.reqId, responseCode: '00', recurringId: '774838183543312384' });
  expect(await client().register(card, 'VA1', now)).toEqual({ recurringId: '774838183543312384' });
  expect(seen.at(-1)).toMatchObject({
    command: 'token_recurring',
    transaction: { token: card.token, appUserId: '42' },
  });
  answer = (body) => signed({ reqId: body.reqId, responseCode: '09' });
  expect(await client().register(card, 'VA2', now)).toBeNull();
});

test('an answer without a valid checksum, for another request, or an HTTP error moves nothing (the charge is asked again)', async () => {
  answer = (body) =>
    signed({ reqId: body.reqId, responseCode: '00', transactionNo: '1' }, 'another-secret-0123456789abcdef');
  await expect(
    client().charge({ recurringId: '1', card, reference: 'VR2', amount: 1000, orderInfo: 'x', now }),
  ).rejects.toBeInstanceOf(RecurringProviderError);
  answer = () => signed({ reqId: 'someone-else', responseCode: '00', transactionNo: '1' });
  await expect(
    client().charge({ recurringId: '1', card, reference: 'VR3', amount: 1000, orderInfo: 'x', now }),
  ).rejects.toBeInstanceOf(RecurringProviderError);
  answer = () => new Response('down', { status: 502 });
  await expect(
    client().charge({ recurringId: '1', card, reference: 'VR4', amount: 1000, orderInfo: 'x', now }),
  ).rejects.toBeInstanceOf(RecurringProviderError);
  // Our own request signed with the wrong secret is refused by the fake (97): a decline, not a success.
  answer = (body) => signed({ reqId: body.reqId, responseCode: '00', transactionNo: '1' });
  await expect(
    client('wrong-secret-0123456789abcdef').charge({
      recurringId: '1',
      card,
      reference: 'VR5',
      amount: 1000,
      orderInfo: 'x',
      now,
    }),
  ).rejects.toBeInstanceOf(RecurringProviderError);
});
