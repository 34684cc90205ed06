import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

test('PUT /sandbox/app-version changes what GET /api/v1/general/version answers', async () => {
  const before = await gw.call('GET', '/api/v1/general/version');
  expect(before.body).toMatchObject({ code: 1000, data: { settingValueVi: '1.0.0', settingValueEn: '1.0.0' } });

  const put = await gw.call('PUT', '/sandbox/app-version', { json: { valueVi: '1.2.0', valueEn: ' 1.2.0 ' } });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ code: 1000, data: { settingValueVi: '1.2.0', settingValueEn: '1.2.0' } });

  const after = await gw.call('GET', '/api/v1/general/version');
  expect(after.body.data).toEqual({ settingValueVi: '1.2.0', settingValueEn: '1.2.0' });
});

test.each([{}, { valueVi: '1.0.1' }, { valueVi: '', valueEn: '1.0.1' }, { valueVi: '1', valueEn: 'x'.repeat(41) }])(
  'a bad body %j answers code 2, never 500',
  async (json) => {
    const res = await gw.call('PUT', '/sandbox/app-version', { json });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
  },
);
