import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffFeedbackSchema } from '#api/feedback.ts';
import { feedback, mediaFiles, notifications } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

let gw: TestGateway;
let clubId: number;
let otherClubId: number;
let employee: string;
let manager: string;
let ipCounter = 1;
beforeAll(async () => {
  gw = await startTestGateway();
  clubId = (await clubAt(gw, 0)).id;
  otherClubId = (await clubAt(gw, 1)).id;
  employee = await staffLogin(DEMO_STAFF_PHONE);
  manager = await staffLogin(DEMO_MANAGER_PHONE);
});
afterAll(() => gw.close());

const freshIp = () => `192.0.2.${String(ipCounter++)}`;

async function staffLogin(phone: string) {
  gw.clock.advance(31_000);
  const ip = freshIp();
  await gw.call('POST', '/api/v1/staff/auth/otp/send', { json: { phoneNumber: phone }, ip });
  const res = await gw.call('POST', '/api/v1/staff/auth/otp/login', {
    json: { phoneNumber: phone, otp: await gw.latestOtp(phone) },
    ip,
  });
  return res.body.data.accessToken as string;
}

/** A JPEG photo of a "machine" with EXIF (a camera model) that must not survive the re-encode. */
const photoJpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Model: 'SecretPhone 9' } } })
    .toBuffer();

function reportForm(fields: Record<string, string>, photo?: { bytes: Uint8Array; name?: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (photo)
    form.append(
      'photo',
      new Blob([Uint8Array.from(photo.bytes)], { type: photo.type ?? 'image/jpeg' }),
      photo.name ?? 'machine.jpg',
    );
  return form;
}

const validReport = () => ({
  clubId: String(clubId),
  type: 'MACHINE',
  rate: '2',
  comment: 'Máy chạy bộ số 3 bị hỏng băng tải.',
  phoneNumber: '',
  website: '',
});
const report = (
  fields: Record<string, string>,
  opts: { ip?: string; lang?: 'vi' | 'en'; photo?: { bytes: Uint8Array; name?: string; type?: string } } = {},
) =>
  gw.call('POST', '/api/v1/public/customer-report', {
    body: reportForm(fields, opts.photo),
    ip: opts.ip ?? freshIp(),
    lang: opts.lang,
  });

const feedbackOf = (club: number) => gw.db.select().from(feedback).where(eq(feedback.clubId, club));

describe('member feedback (issue 16 §1)', () => {
  test('a member sends feedback: 1120; anonymous keeps no account; §5 messages in vi and en', async () => {
    const m = await gw.signUp();
    const sent = await gw.call('POST', '/api/v1/member/feedback', {
      token: m.token,
      json: {
        clubId: otherClubId,
        type: 'TEMPERATURE',
        rate: 3,
        comment: '  Phòng tập quá nóng  ',
        isAnonymous: false,
      },
    });
    expect([sent.status, sent.body.code]).toEqual([200, 1120]);
    const anon = await gw.call('POST', '/api/v1/member/feedback', {
      token: m.token,
      json: {
        clubId: otherClubId,
        type: 'EMPLOYEE_ATTITUDE',
        rate: 5,
        comment: 'Nhân viên rất nhiệt tình',
        isAnonymous: true,
      },
    });
    expect(anon.body.code).toBe(1120);
    const rows = await feedbackOf(otherClubId);
    expect(rows.find((r) => r.type === 'TEMPERATURE')).toMatchObject({
      source: 'MEMBER',
      accountId: m.profile.id,
      comment: 'Phòng tập quá nóng',
      rate: 3,
      state: 'NEW',
    });
    expect(rows.find((r) => r.type === 'EMPLOYEE_ATTITUDE')).toMatchObject({ accountId: null, phoneNumber: null });

    const tooLong = await gw.call('POST', '/api/v1/member/feedback', {
      token: m.token,
      lang: 'en',
      json: { clubId, type: 'OTHERS', rate: 0, comment: 'x'.repeat(1001) },
    });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 2]);
    expect(tooLong.body.data.fieldErrors).toEqual({
      rate: ['Required field'],
      comment: ['Number of characters exceeded the allowed limit'],
    });
    const vi = await gw.call('POST', '/api/v1/member/feedback', {
      token: m.token,
      lang: 'vi',
      json: { clubId, type: 'NOPE', rate: 6, comment: '' },
    });
    expect(vi.body.data.fieldErrors).toEqual({
      type: ['Trường bắt buộc'],
      rate: ['Số không hợp lệ'],
      comment: ['Trường bắt buộc'],
    });
    const unstorable = await gw.call('POST', '/api/v1/member/feedback', {
      token: m.token,
      lang: 'en',
      json: { clubId, type: 'OTHERS', rate: 1, comment: 'a\ud800b' },
    });
    expect(unstorable.status).toBe(400);
    // Exactly 1000 is allowed; an unknown club is 404; no token 401.
    expect(
      (
        await gw.call('POST', '/api/v1/member/feedback', {
          token: m.token,
          json: { clubId, type: 'OTHERS', rate: 1, comment: 'x'.repeat(1000) },
        })
      ).body.code,
    ).toBe(1120);
    expect(
      (
        await gw.call('POST', '/api/v1/member/feedback', {
          token: m.token,
          json: { clubId: 99999, type: 'OTHERS', rate: 1, comment: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await gw.call('POST', '/api/v1/member/feedback', { json: { clubId, type: 'OTHERS', rate: 1, comment: 'x' } }))
        .status,
    ).toBe(401);
  });

  test('ten a member an hour, then 429', async () => {
    const m = await gw.signUp();
    const send = () =>
      gw.call('POST', '/api/v1/member/feedback', {
        token: m.token,
        json: { clubId, type: 'OTHERS', rate: 4, comment: 'ok' },
      });
    for (let i = 0; i < 10; i++) expect((await send()).body.code).toBe(1120);
    const refused = await send();
    expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    gw.clock.advance(3_600_000);
    expect((await send()).body.code).toBe(1120);
  });
});

describe('public customer report (issue 16 §1): no sign-in, answers nothing', () => {
  test('a visitor reports a broken machine with a photo and a call-back phone: 1120, the photo re-encoded without EXIF', async () => {
    const phone = randomPhone();
    const res = await report(
      { ...validReport(), phoneNumber: phone, comment: 'Máy số 7 hỏng dây cáp' },
      { photo: { bytes: await photoJpeg() } },
    );
    expect([res.status, res.body.code]).toEqual([200, 1120]);
    // Nothing readable comes back: no id, no echo.
    expect(res.body.data ?? null).toBeNull();
    const [row] = (await feedbackOf(clubId)).filter((r) => r.comment === 'Máy số 7 hỏng dây cáp');
    expect(row).toMatchObject({ source: 'PUBLIC', accountId: null, type: 'MACHINE', rate: 2, phoneNumber: phone });
    const [media] = await gw.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, row.photoMediaId ?? ''));
    expect(media.contentType).toBe('image/webp');
    const meta = await sharp(media.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 600, undefined]);
  });

  test('validation: §5 messages for the phone and the text, stars required, unstorable text refused', async () => {
    const bad = await report(
      { ...validReport(), phoneNumber: '0901', rate: '', comment: 'x'.repeat(1001) },
      { lang: 'en' },
    );
    expect([bad.status, bad.body.code]).toEqual([400, 2]);
    expect(bad.body.data.fieldErrors).toEqual({
      rate: ['Required field'],
      comment: ['Number of characters exceeded the allowed limit'],
      phoneNumber: ['Phone number is incorrect'],
    });
    const vi = await report({ ...validReport(), type: 'PRICE', comment: '   ' }, { lang: 'vi' });
    expect(vi.body.data.fieldErrors).toEqual({ type: ['Trường bắt buộc'], comment: ['Trường bắt buộc'] });
    expect((await report({ ...validReport(), comment: 'a\u0000b' })).status).toBe(400);
    expect((await report({ ...validReport(), clubId: '99999' })).status).toBe(404);
  });

  test('photo checks are the avatar’s: a truncated PNG, an SVG and a renamed text are 415 code 102; over 5 MB 413 code 100', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const cases = [
      { bytes: png.subarray(0, png.length - 30), name: 'cut.png', type: 'image/png' },
      {
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'x.svg',
        type: 'image/svg+xml',
      },
      { bytes: new TextEncoder().encode('not an image at all, just text'), name: 'photo.jpg', type: 'image/jpeg' },
    ];
    for (const photo of cases) {
      const res = await report(validReport(), { photo });
      expect([res.status, res.body.code]).toEqual([415, 102]);
    }
    const big = await report(validReport(), { photo: { bytes: new Uint8Array(5 * 1024 * 1024 + 70 * 1024) } });
    expect([big.status, big.body.code]).toEqual([413, 100]);
    // None of them was kept.
    expect((await feedbackOf(clubId)).filter((r) => r.comment === validReport().comment)).toHaveLength(0);
  });

  test('the honeypot: a filled "website" is thanked (1120) and nothing is kept', async () => {
    const before = (await feedbackOf(clubId)).length;
    const res = await report({ ...validReport(), website: 'http://spam.example', comment: 'Buy cheap pills' });
    expect([res.status, res.body.code]).toEqual([200, 1120]);
    expect((await feedbackOf(clubId)).length).toBe(before);
  });

  test('limits: 8 reports an hour from one address, 60 an hour for one club (then 429)', async () => {
    const ip = freshIp();
    const club = (await clubAt(gw, 2)).id;
    for (let i = 0; i < 8; i++)
      expect((await report({ ...validReport(), clubId: String(club) }, { ip })).body.code).toBe(1120);
    const refused = await report({ ...validReport(), clubId: String(club) }, { ip });
    expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    // Other addresses fill the club's hour.
    for (let i = 8; i < 60; i++)
      expect((await report({ ...validReport(), clubId: String(club) })).body.code).toBe(1120);
    const clubFull = await report({ ...validReport(), clubId: String(club) });
    expect([clubFull.status, clubFull.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect((await feedbackOf(club)).length).toBe(60);
    gw.clock.advance(3_600_000);
    expect((await report({ ...validReport(), clubId: String(club) })).body.code).toBe(1120);
  });

  test('the public side reads nothing: GET on the report path and the staff list without a staff token are refused', async () => {
    expect((await gw.call('GET', '/api/v1/public/customer-report')).status).toBe(404);
    expect((await gw.call('GET', `/api/v1/public/customer-report?club=${String(clubId)}`)).status).toBe(404);
    expect((await gw.call('GET', '/api/v1/staff/feedback')).status).toBe(401);
    const member = await gw.signUp();
    const asMember = await gw.call('GET', '/api/v1/staff/feedback', { token: member.token });
    expect([asMember.status, asMember.body.code]).toEqual([403, 6]);
  });
});

describe('staff read feedback by club and answer it once (issue 16 §1)', () => {
  test('list by club with filters; the front desk sees only its club; a GM every club', async () => {
    await report({ ...validReport(), type: 'CLEAN_QUALITY', comment: 'Phòng tắm bẩn' });
    await report({ ...validReport(), clubId: String(otherClubId), type: 'CLEAN_QUALITY', comment: 'Khăn bẩn' });
    const mine = await gw.call('GET', '/api/v1/staff/feedback?type=CLEAN_QUALITY&state=NEW', { token: employee });
    expect(mine.status).toBe(200);
    const list = staffFeedbackSchema.array().parse(mine.body.data);
    expect(list.map((f) => f.comment)).toEqual(['Phòng tắm bẩn']);
    expect(list[0]).toMatchObject({ source: 'PUBLIC', clubId, memberName: null, state: 'NEW', reply: null });
    // The front desk's ?clubId cannot widen its view: another club is 403 (ADR 049), its own reads as without.
    const widened = await gw.call('GET', `/api/v1/staff/feedback?clubId=${String(otherClubId)}&type=CLEAN_QUALITY`, {
      token: employee,
    });
    expect([widened.status, widened.body.code]).toEqual([403, 6]);
    const own = staffFeedbackSchema.array().parse(
      (
        await gw.call('GET', `/api/v1/staff/feedback?clubId=${String(clubId)}&type=CLEAN_QUALITY`, {
          token: employee,
        })
      ).body.data,
    );
    expect(own.map((f) => f.comment)).toEqual(['Phòng tắm bẩn']);
    const gm = staffFeedbackSchema
      .array()
      .parse((await gw.call('GET', '/api/v1/staff/feedback?type=CLEAN_QUALITY', { token: manager })).body.data);
    expect(gm.map((f) => f.comment).sort()).toEqual(['Khăn bẩn', 'Phòng tắm bẩn']);
    const gmOther = staffFeedbackSchema.array().parse(
      (
        await gw.call('GET', `/api/v1/staff/feedback?type=CLEAN_QUALITY&clubId=${String(otherClubId)}`, {
          token: manager,
        })
      ).body.data,
    );
    expect(gmOther.map((f) => f.comment)).toEqual(['Khăn bẩn']);
    const bad = await gw.call('GET', '/api/v1/staff/feedback?state=DONE&type=x&page=0', { token: manager });
    expect([bad.status, bad.body.code]).toEqual([400, 2]);
  });

  test('handled with a reply: the member gets a notice, anonymous and visitors none; once; other clubs 404', async () => {
    const m = await gw.signUp();
    await gw.call('POST', '/api/v1/member/feedback', {
      token: m.token,
      json: { clubId, type: 'MACHINE', rate: 1, comment: 'Máy đạp xe kêu to' },
    });
    const [row] = (await feedbackOf(clubId)).filter((r) => r.comment === 'Máy đạp xe kêu to');
    const handled = await gw.call('PUT', `/api/v1/staff/feedback/${String(row.id)}/handled`, {
      token: employee,
      json: { reply: 'Đã sửa máy, cảm ơn bạn!' },
    });
    expect([handled.status, handled.body.code]).toEqual([200, 1000]);
    expect(staffFeedbackSchema.parse(handled.body.data)).toMatchObject({
      state: 'HANDLED',
      reply: 'Đã sửa máy, cảm ơn bạn!',
      phoneNumber: m.phone,
    });
    const inbox = await gw.db.select().from(notifications).where(eq(notifications.accountId, m.profile.id));
    expect(inbox.map((n) => [n.titleVi, n.bodyVi])).toContainEqual([
      'Phản hồi của bạn đã được trả lời',
      'Đã sửa máy, cảm ơn bạn!',
    ]);
    const again = await gw.call('PUT', `/api/v1/staff/feedback/${String(row.id)}/handled`, {
      token: manager,
      json: { reply: 'Lần hai' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'FEEDBACK_ALREADY_HANDLED']);
    expect((await gw.db.select().from(feedback).where(eq(feedback.id, row.id)))[0].reply).toBe(
      'Đã sửa máy, cảm ơn bạn!',
    );

    await report({ ...validReport(), clubId: String(otherClubId), comment: 'Điều hòa hỏng' });
    const [there] = (await feedbackOf(otherClubId)).filter((r) => r.comment === 'Điều hòa hỏng');
    expect(
      (
        await gw.call('PUT', `/api/v1/staff/feedback/${String(there.id)}/handled`, {
          token: employee,
          json: { reply: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await gw.call('PUT', '/api/v1/staff/feedback/99999/handled', { token: manager, json: { reply: 'x' } })).status,
    ).toBe(404);
    const empty = await gw.call('PUT', `/api/v1/staff/feedback/${String(there.id)}/handled`, {
      token: manager,
      lang: 'en',
      json: { reply: ' ' },
    });
    expect(empty.body.data.fieldErrors).toEqual({ reply: ['Required field'] });
    const notices = await gw.db.select().from(notifications);
    const count = notices.length;
    expect(
      (
        await gw.call('PUT', `/api/v1/staff/feedback/${String(there.id)}/handled`, {
          token: manager,
          json: { reply: 'Đã sửa' },
        })
      ).body.code,
    ).toBe(1000);
    expect((await gw.db.select().from(notifications)).length).toBe(count);
  });
});
