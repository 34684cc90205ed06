import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { notificationPageSchema, notificationSchema } from '#api/notifications.ts';
import { pushSubscriptions } from '#gateway/db/schema/index.ts';
import { resolveVapidKeys } from '#gateway/providers/push/vapid.ts';
import type { PushSender } from '#gateway/providers/push/port.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const ZERO_ID = '0'.repeat(32);
const LIST = '/api/v1/member/notifications';
const SUBSCRIPTION = '/api/v1/member/push/subscription';

type Member = Awaited<ReturnType<TestGateway['signUp']>>;

/** Notifies a member through the sandbox window, as another gateway module would; a second passes between. */
async function notify(target: TestGateway, member: Member, n: number, extra: Record<string, unknown> = {}) {
  target.clock.advance(1000);
  const res = await target.call('POST', '/sandbox/notifications', {
    json: {
      phoneNumber: member.phone,
      kind: 'MEMBERSHIP',
      titleVi: `Thông báo số ${n}`,
      titleEn: `Notice number ${n}`,
      bodyVi: `Nội dung thông báo số ${n}`,
      bodyEn: `Body of notice ${n}`,
      link: '/membership',
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return notificationSchema.parse(res.body.data);
}

const list = async (member: Member, query = '') => {
  const res = await gw.call('GET', `${LIST}${query}`, { token: member.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(1000);
  return notificationPageSchema.parse(res.body.data);
};

const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) },
});

const deliveries = async (target: TestGateway, member: Member) => {
  const res = await target.call('GET', `/sandbox/push?phone=${member.phone}`);
  expect(res.status).toBe(200);
  return res.body.data as Array<{
    endpoint: string;
    payload: { id: string; title: string; body: string; link: string | null };
  }>;
};

test('sign-up leaves a welcome notification that links to /membership, unread', async () => {
  const member = await gw.signUp();
  const page = await list(member);
  expect(page).toMatchObject({ page: 1, limit: 20, total: 1, unreadCount: 1 });
  expect(page.items[0]).toMatchObject({
    kind: 'ACCOUNT',
    titleVi: 'Chào mừng bạn đến với VietFit!',
    titleEn: 'Welcome to VietFit!',
    link: '/membership',
    readAt: null,
  });
  expect(page.items[0].id).toMatch(/^[0-9a-f]{32}$/);
});

test('the list is paged newest first, with the total and the unread count of every page', async () => {
  const member = await gw.signUp();
  for (let n = 1; n <= 25; n++) await notify(gw, member, n);

  const first = await list(member);
  expect(first).toMatchObject({ page: 1, limit: 20, total: 26, unreadCount: 26 });
  expect(first.items).toHaveLength(20);
  expect(first.items[0].titleEn).toBe('Notice number 25');
  const times = first.items.map((i) => Date.parse(i.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  const second = await list(member, '?page=2');
  expect(second.items.map((i) => i.titleEn)).toEqual([
    'Notice number 5',
    'Notice number 4',
    'Notice number 3',
    'Notice number 2',
    'Notice number 1',
    'Welcome to VietFit!',
  ]);
  const ids = new Set([...first.items, ...second.items].map((i) => i.id));
  expect(ids.size).toBe(26);

  const small = await list(member, '?page=3&limit=5');
  expect(small).toMatchObject({ page: 3, limit: 5, total: 26 });
  expect(small.items.map((i) => i.titleEn)).toEqual([
    'Notice number 15',
    'Notice number 14',
    'Notice number 13',
    'Notice number 12',
    'Notice number 11',
  ]);

  expect((await list(member, '?limit=50')).items).toHaveLength(26);
  const beyond = await list(member, '?page=99');
  expect(beyond.items).toEqual([]);
  expect(beyond.total).toBe(26);
  expect((await list(member, `?page=${Number.MAX_SAFE_INTEGER}&limit=50`)).items).toEqual([]);
});

test.each([
  ['limit=0'],
  ['limit=abc'],
  ['limit=51'],
  ['limit=-1'],
  ['limit=1.5'],
  ['limit='],
  ['page=0'],
  ['page=abc'],
  ['page=-2'],
  ['page=1e400'],
  ['page=2.5'],
])('?%s → 400 code 2 with a field error, never 500', async (query) => {
  const { token } = await gw.signUp();
  const res = await gw.call('GET', `${LIST}?${query}`, { token });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
  expect(Object.keys(res.body.data.fieldErrors)).toEqual([query.split('=')[0]]);
});

test('opening a notification marks it read once; the unread count follows', async () => {
  const member = await gw.signUp();
  const sent = await notify(gw, member, 1, { kind: 'PT', link: null });
  expect((await list(member)).unreadCount).toBe(2);

  const opened = await gw.call('GET', `/api/v1/member/notification/${sent.id}`, { token: member.token });
  expect(opened.status).toBe(200);
  const first = notificationSchema.parse(opened.body.data);
  expect(first).toMatchObject({ id: sent.id, kind: 'PT', link: null, titleVi: 'Thông báo số 1' });
  expect(first.readAt).toBe(gw.clock.now().toISOString());
  expect((await list(member)).unreadCount).toBe(1);

  gw.clock.advance(60_000);
  const again = await gw.call('GET', `/api/v1/member/notification/${sent.id}`, { token: member.token });
  expect(again.body.data.readAt).toBe(first.readAt);
  expect((await list(member)).unreadCount).toBe(1);
});

test("another member's notification answers not found and stays unread; their read-all leaves it alone", async () => {
  const owner = await gw.signUp();
  const other = await gw.signUp();
  const sent = await notify(gw, owner, 1);

  const peek = await gw.call('GET', `/api/v1/member/notification/${sent.id}`, { token: other.token });
  expect(peek.status).toBe(404);
  expect(peek.body.code).toBe('NOT_FOUND');
  expect(JSON.stringify(peek.body)).not.toContain('Thông báo số 1');

  const readAll = await gw.call('PUT', '/api/v1/member/notifications/read-all', { token: other.token });
  expect(readAll.body).toMatchObject({ code: 1000, data: { unreadCount: 0 } });
  expect((await list(other)).unreadCount).toBe(0);

  const mine = await list(owner);
  expect(mine.unreadCount).toBe(2);
  expect(mine.items.find((i) => i.id === sent.id)?.readAt).toBeNull();
  expect((await list(other)).items.some((i) => i.id === sent.id)).toBe(false);
});

test('read-all marks every notification read and answers 0', async () => {
  const member = await gw.signUp();
  for (let n = 1; n <= 3; n++) await notify(gw, member, n);
  const res = await gw.call('PUT', '/api/v1/member/notifications/read-all', { token: member.token });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ unreadCount: 0 });
  const page = await list(member);
  expect(page.unreadCount).toBe(0);
  expect(page.items.every((i) => i.readAt === gw.clock.now().toISOString())).toBe(true);
  // A later notification is unread again.
  await notify(gw, member, 4);
  expect((await list(member)).unreadCount).toBe(1);
});

test.each([
  ['an unknown id', ZERO_ID],
  ['a short id', 'abc'],
  ['a number', '1'],
  ['upper-case hex', 'A'.repeat(32)],
  ['33 characters', 'a'.repeat(33)],
  ['SQL', encodeURIComponent("' or 1=1 --")],
  ['a 5 000-character id', 'f'.repeat(5000)],
  ['unicode', encodeURIComponent('thông-báo')],
])('%s → 404 NOT_FOUND, never 500', async (_name, id) => {
  const { token } = await gw.signUp();
  const res = await gw.call('GET', `/api/v1/member/notification/${id}`, { token });
  expect(res.status).toBe(404);
  expect(res.body.code).toBe('NOT_FOUND');
});

test.each([
  ['GET', LIST],
  ['GET', `/api/v1/member/notification/${ZERO_ID}`],
  ['PUT', '/api/v1/member/notifications/read-all'],
  ['POST', SUBSCRIPTION],
  ['DELETE', SUBSCRIPTION],
])('%s %s without a token → 401 code -1', async (method, path) => {
  const json = method === 'GET' ? undefined : subscription('https://fcm.googleapis.com/fcm/send/x');
  const res = await gw.call(method, path, { json });
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(-1);
});

test('the VAPID public key is public, cacheable, and the pair kept in the database', async () => {
  const res = await gw.call('GET', '/api/v1/general/push/public-key');
  expect(res.status).toBe(200);
  expect(res.body.data.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  expect(res.headers.get('cache-control')).toMatch(/^public/);
  // Made once: asking again for this database's keys gives the same pair.
  const config = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined } as Parameters<
    typeof resolveVapidKeys
  >[0];
  expect((await resolveVapidKeys(config, gw.db)).publicKey).toBe(res.body.data.publicKey);
  expect((await resolveVapidKeys(config, gw.db)).publicKey).toBe(res.body.data.publicKey);
});

test("a notification is pushed to each of the member's browsers, in the member's language", async () => {
  const vi = await gw.signUp();
  const en = await gw.signUp(undefined, { lang: 'en' });
  for (const [member, endpoint] of [
    [vi, 'https://fcm.googleapis.com/fcm/send/vi-phone'],
    [vi, 'https://updates.push.services.mozilla.com/wpush/v2/vi-laptop'],
    [en, 'https://web.push.apple.com/en-phone'],
  ] as const) {
    const res = await gw.call('POST', SUBSCRIPTION, { token: member.token, json: subscription(endpoint) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(1000);
  }
  const sentVi = await notify(gw, vi, 7, { link: '/account/information' });
  const sentEn = await notify(gw, en, 8);

  const viPushes = await deliveries(gw, vi);
  expect(viPushes.map((d) => d.endpoint).sort()).toEqual([
    'https://fcm.googleapis.com/fcm/send/vi-phone',
    'https://updates.push.services.mozilla.com/wpush/v2/vi-laptop',
  ]);
  for (const push of viPushes) {
    expect(push.payload).toEqual({
      id: sentVi.id,
      title: 'Thông báo số 7',
      body: 'Nội dung thông báo số 7',
      link: '/account/information',
    });
  }
  expect(await deliveries(gw, en)).toEqual([
    expect.objectContaining({
      endpoint: 'https://web.push.apple.com/en-phone',
      payload: { id: sentEn.id, title: 'Notice number 8', body: 'Body of notice 8', link: '/membership' },
    }),
  ]);
});

test('a browser that signs in as another member is re-bound: only the new member is pushed there', async () => {
  const first = await gw.signUp();
  const second = await gw.signUp();
  const endpoint = 'https://fcm.googleapis.com/fcm/send/shared-phone';
  await gw.call('POST', SUBSCRIPTION, { token: first.token, json: subscription(endpoint) });
  await gw.call('POST', SUBSCRIPTION, { token: second.token, json: subscription(endpoint) });
  const rows = await gw.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  expect(rows).toHaveLength(1);

  await notify(gw, first, 1);
  await notify(gw, second, 2);
  expect(await deliveries(gw, first)).toEqual([]);
  expect((await deliveries(gw, second)).map((d) => d.endpoint)).toEqual([endpoint]);
});

test('unsubscribing removes only the caller’s own subscription', async () => {
  const owner = await gw.signUp();
  const other = await gw.signUp();
  const endpoint = 'https://fcm.googleapis.com/fcm/send/owner-phone';
  await gw.call('POST', SUBSCRIPTION, { token: owner.token, json: subscription(endpoint) });

  const foreign = await gw.call('DELETE', SUBSCRIPTION, { token: other.token, json: { endpoint } });
  expect(foreign.status).toBe(200); // nothing to say about someone else's browser
  await notify(gw, owner, 1);
  expect(await deliveries(gw, owner)).toHaveLength(1);

  const own = await gw.call('DELETE', SUBSCRIPTION, { token: owner.token, json: { endpoint } });
  expect(own.body.code).toBe(1000);
  await notify(gw, owner, 2);
  expect(await deliveries(gw, owner)).toHaveLength(1);
});

test('a member keeps at most 10 subscriptions: the oldest are dropped', async () => {
  const member = await gw.signUp();
  for (let n = 1; n <= 12; n++) {
    gw.clock.advance(1000);
    await gw.call('POST', SUBSCRIPTION, {
      token: member.token,
      json: subscription(`https://fcm.googleapis.com/fcm/send/device-${n}`),
    });
  }
  await notify(gw, member, 1);
  const endpoints = (await deliveries(gw, member)).map((d) => d.endpoint);
  expect(endpoints).toHaveLength(10);
  expect(endpoints).not.toContain('https://fcm.googleapis.com/fcm/send/device-1');
  expect(endpoints).not.toContain('https://fcm.googleapis.com/fcm/send/device-2');
  expect(endpoints).toContain('https://fcm.googleapis.com/fcm/send/device-12');
});

test.each([
  ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }],
  ['an empty auth key', { ...subscription('https://fcm.googleapis.com/fcm/send/x'), keys: { p256dh: 'B', auth: '' } }],
  ['an endpoint that is no URL', subscription('not a url')],
  ['a javascript: endpoint', subscription('javascript:alert(1)')],
  ['an ftp endpoint', subscription('ftp://fcm.googleapis.com/x')],
  ['a 3 000-character endpoint', subscription(`https://fcm.googleapis.com/${'x'.repeat(3000)}`)],
  ['an array', [subscription('https://fcm.googleapis.com/fcm/send/x')]],
])('subscribing with %s → 400 code 2', async (_name, json) => {
  const { token } = await gw.signUp();
  const res = await gw.call('POST', SUBSCRIPTION, { token, json });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
});

test('unsubscribing without an endpoint → 400 code 2', async () => {
  const { token } = await gw.signUp();
  const res = await gw.call('DELETE', SUBSCRIPTION, { token, json: {} });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
});

test('a gone subscription is dropped, a failing one counted, and the notification is kept either way', async () => {
  const attempts: string[] = [];
  const flaky = await startTestGateway({
    push: (sandbox): PushSender => ({
      ...sandbox,
      name: 'flaky',
      send: async (message) => {
        attempts.push(message.target.endpoint);
        if (message.target.endpoint.includes('/gone/')) return 'gone';
        if (message.target.endpoint.includes('/broken/')) throw new Error('push service down at 10.0.0.9');
        return sandbox.send(message);
      },
    }),
  });
  try {
    const member = await flaky.signUp();
    const endpoints = ['gone', 'broken', 'fine'].map((kind) => `https://fcm.googleapis.com/${kind}/1`);
    for (const endpoint of endpoints) {
      await flaky.call('POST', SUBSCRIPTION, { token: member.token, json: subscription(endpoint) });
    }
    const sent = await notify(flaky, member, 1);
    expect(attempts.sort()).toEqual([...endpoints].sort());

    const rows = await flaky.db.select().from(pushSubscriptions);
    const byEndpoint = new Map(rows.map((r) => [r.endpoint, r]));
    expect(byEndpoint.has(endpoints[0])).toBe(false);
    expect(byEndpoint.get(endpoints[1])).toMatchObject({ failureCount: 1, lastSuccessAt: null });
    expect(byEndpoint.get(endpoints[2])).toMatchObject({ failureCount: 0, lastSuccessAt: flaky.clock.now() });
    expect((await deliveries(flaky, member)).map((d) => d.endpoint)).toEqual([endpoints[2]]);

    const page = await flaky.call('GET', LIST, { token: member.token });
    expect(page.body.data.items[0].id).toBe(sent.id);

    // Next time the gone one is not tried again.
    attempts.length = 0;
    await notify(flaky, member, 2);
    expect(attempts.sort()).toEqual([endpoints[1], endpoints[2]].sort());
  } finally {
    await flaky.close();
  }
});

test('the sandbox notify window refuses links to other sites and unknown phones', async () => {
  const member = await gw.signUp();
  for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/has space', 'membership']) {
    const res = await gw.call('POST', '/sandbox/notifications', {
      json: { phoneNumber: member.phone, titleVi: 'a', titleEn: 'a', bodyVi: 'b', bodyEn: 'b', link },
    });
    expect(res.status, link).toBe(400);
    expect(res.body.code).toBe(2);
  }
  const unknown = await gw.call('POST', '/sandbox/notifications', {
    json: { phoneNumber: '0109999999', titleVi: 'a', titleEn: 'a', bodyVi: 'b', bodyEn: 'b' },
  });
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe(200);
  const bad = await gw.call('GET', '/sandbox/push?phone=abc');
  expect(bad.status).toBe(400);
});
