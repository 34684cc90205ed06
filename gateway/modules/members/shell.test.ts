import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memberHomeSchema } from '#api/membership.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('GET /member/shell (issue 18)', () => {
  test('profile, unread count and gift in one call; signed out → 401', async () => {
    const { token, phone } = await gw.signUp();
    const res = await gw.call('GET', '/api/v1/member/shell', { token });
    expect(res.status).toBe(200);
    // The welcome notice is unread; a new member has no gift.
    expect(res.body.data).toMatchObject({ profile: { phoneNumber: phone }, unreadCount: 1, gift: null });
    const page = await gw.call('GET', '/api/v1/member/notifications?page=1&limit=1', { token });
    expect(page.body.data.unreadCount).toBe(res.body.data.unreadCount);
    expect((await gw.call('GET', '/api/v1/member/shell')).status).toBe(401);
  });
});

describe('GET /member/home (issue 18)', () => {
  test('the shell and the home-page contracts in one call, equal to the two calls; signed out → 401', async () => {
    const { token } = await gw.signUp();
    const res = await gw.call('GET', '/api/v1/member/home', { token });
    expect(res.status).toBe(200);
    const shell = await gw.call('GET', '/api/v1/member/shell', { token });
    const homePage = await gw.call('GET', '/api/v1/member/contracts/home-page', { token });
    expect(memberHomeSchema.parse(res.body.data)).toEqual({
      shell: shell.body.data,
      homePage: homePage.body.data,
      busyness: null,
      classes: { next: null, today: [], todayTotal: 0 },
      trial: { left: 0, validUntil: null, clubId: null, inTheWorks: false },
    }); // no current membership: no club to say about, no classes of their clubs, no free PT sessions
    expect((await gw.call('GET', '/api/v1/member/home')).status).toBe(401);
  });
});
