import { describe, expect, test } from 'vitest';
import { parseCheckInCode, timeStepOf } from '#api/check-in.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { offlineCheckInPage, signCheckInCode } from './offline-check-in.ts';

const deviceId = randomBytes(12).toString('base64url');
const key = randomBytes(32);
// What the gateway checks (gateway/modules/check-in/code.ts, whose own test pins the same formula).
const gatewayCode = (step: number) =>
  `VF1.${deviceId}.${String(step)}.${createHmac('sha256', key)
    .update(`42.${deviceId}.${String(step)}`)
    .digest()
    .subarray(0, 12)
    .toString('base64url')}`;
const pass = {
  memberId: 42,
  deviceId,
  key: key.toString('base64url'),
  stepSeconds: 30,
  lang: 'vi' as const,
  name: 'Nguyễn <Văn> An',
  memberLine: 'Mã hội viên 000042 · 0100 555 123',
  planName: 'Classic 12 tháng',
  validUntilText: 'Hiệu lực đến 25/11/2027',
  clubsText: 'Gym Lê Thánh Tôn',
  savedAt: '2026-11-25T10:00:00.000Z',
};

describe('the offline check-in page (drawn by the service worker)', () => {
  test('signs the step with WebCrypto exactly as the gateway does', async () => {
    for (const step of [0, 1, 59_000_000, timeStepOf(new Date())]) {
      expect(await signCheckInCode(pass, step)).toBe(gatewayCode(step));
    }
  });

  test('shows the current code as a QR, refreshes at the next step, escapes what the member typed', async () => {
    const now = new Date('2026-11-25T10:00:20.000Z'); // 10 s before the step ends
    const html = await offlineCheckInPage(pass, now);
    const code = /data-code="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(parseCheckInCode(code)).toMatchObject({ deviceId, timeStep: timeStepOf(now) });
    expect(html).toContain('<meta http-equiv="refresh" content="10">');
    expect(html).toContain('<svg');
    expect(html).toContain('Nguyễn &#60;Văn&#62; An');
    expect(html).not.toContain('<Văn>');
    expect(html).toContain('Bạn đang ngoại tuyến');
    expect(html).toContain('Mã mới sau 10 giây');
    const en = await offlineCheckInPage({ ...pass, lang: 'en' }, now);
    expect(en).toContain('lang="en"');
    expect(en).toContain('You are offline');
  });

  test('keeps the online page’s navigation (back to Home, the five tabs) and the member number (issue 37)', async () => {
    const now = new Date('2026-11-25T10:00:20.000Z');
    const html = await offlineCheckInPage(pass, now);
    expect(html).toContain('Mã hội viên 000042 · 0100 555 123');
    expect(html).toMatch(/<nav class="back"><a href="\/home">.*<span>Trang chủ<\/span><\/a><\/nav>/);
    const tabs = [...html.matchAll(/<a href="(\/[a-z]+)"[^>]*>(?:<svg[^]*?<\/svg>)<span>([^<]+)<\/span><\/a>/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(tabs).toEqual([
      ['/home', 'Trang chủ'],
      ['/home', 'Trang chủ'],
      ['/membership', 'Gói tập'],
      ['/workout', 'Tập luyện'],
      ['/inbody', 'InBody'],
      ['/history', 'Lịch sử'],
    ]);
    expect(html).toContain('<nav class="tabs" aria-label="Điều hướng chính">');
    const en = await offlineCheckInPage({ ...pass, lang: 'en', memberLine: 'Member no. 000042 · 0100 555 123' }, now);
    expect(en).toContain('Member no. 000042');
    expect(en).toContain('<span>History</span>');
    // A pass kept before this change has no member line: the page still draws.
    const { memberLine: _dropped, ...older } = pass;
    expect(await offlineCheckInPage(older, now)).not.toContain('Mã hội viên');
  });
});
