import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** A fresh member. Sign-ups all come from the harness's one client IP, which may ask for 30
 *  codes an hour, so each one starts an hour later (tokens live 30 days: plenty). */
function member(...args: Parameters<TestGateway['signUp']>) {
  gw.clock.advance(3_600_000);
  return gw.signUp(...args);
}

// ---------------------------------------------------------------------------------------------
// Fixtures, made here so no binary files live in the repo.

async function photoJpeg(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'FixtureCam', Model: 'GPS-Leaker 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '10/1 46/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '106/1 42/1 1500/100',
      },
    })
    .toBuffer();
}

/** Noise, so the pixel data is most of the file and cutting it in half cuts into the pixels. */
async function smallPng(): Promise<Buffer> {
  return sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .png()
    .toBuffer();
}

const halfOf = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

function imageForm(bytes: Uint8Array, filename = 'me.jpg', type = 'image/jpeg', field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], filename, { type }));
  return form;
}

const uploadAvatar = (token: string | undefined, form: FormData) =>
  gw.call('PUT', '/api/v1/auth/profile/avatar', { token, body: form });

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** GET a media URL as raw bytes (the harness reads bodies as text, which would mangle them). */
async function fetchMedia(url: string) {
  const response = await gw.app.request(url);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

// ---------------------------------------------------------------------------------------------
// Every member endpoint needs a member token.

test.each([
  ['GET', '/api/v1/auth/profile', undefined],
  ['PUT', '/api/v1/auth/profile', { fullName: 'An' }],
  ['PUT', '/api/v1/auth/profile/avatar', undefined],
  ['GET', '/api/v1/account/setting/me', undefined],
  ['PUT', '/api/v1/account/setting/update', { lang: 'en' }],
])('%s %s without a token → 401 with code -1 and "Login session expired" semantics', async (method, path, json) => {
  const res = await gw.call(method, path, { json, lang: 'en' });
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(-1);
  expect(res.body.data).toBeUndefined();
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
});

test('an avatar upload with a file but no token is refused before the file is looked at', async () => {
  const res = await uploadAvatar(undefined, imageForm(await photoJpeg(100, 100)));
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(-1);
});

test('a revoked token no longer reaches the settings', async () => {
  const { token } = await member();
  await gw.call('POST', '/api/v1/auth/logout', { token });
  const res = await gw.call('PUT', '/api/v1/account/setting/update', { token, json: { lang: 'en' } });
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(-1);
});

// ---------------------------------------------------------------------------------------------
// Profile.

test('a new member reads their own profile: blank name, no email, no avatar', async () => {
  const { token, phone } = await member();
  const res = await gw.call('GET', '/api/v1/auth/profile', { token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    code: 1000,
    data: { phoneNumber: phone, accountType: 'MEMBER', fullName: '', email: null, avatarUrl: null, lang: 'vi' },
  });
});

test('updating the name and email answers the new profile and it persists', async () => {
  const { token, phone } = await member();
  const res = await gw.call('PUT', '/api/v1/auth/profile', {
    token,
    json: { fullName: '  Nguyễn Thị Bình  ', email: ' binh.nguyen@example.com ' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    code: 1000,
    data: { phoneNumber: phone, fullName: 'Nguyễn Thị Bình', email: 'binh.nguyen@example.com' },
  });
  const again = await gw.call('GET', '/api/v1/auth/profile', { token });
  expect(again.body.data).toMatchObject({ fullName: 'Nguyễn Thị Bình', email: 'binh.nguyen@example.com' });
});

test('a name of exactly 40 characters is saved whole', async () => {
  const { token } = await member();
  const name = 'Trần Lê Hoàng Phương Thảo Nguyễn'.padEnd(40, 'ệ');
  expect(name).toHaveLength(40);
  const res = await gw.call('PUT', '/api/v1/auth/profile', { token, json: { fullName: name } });
  expect(res.body.code).toBe(1000);
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.fullName).toBe(name);
});

// Issue 37 §6: §5's 40 characters are the characters a person sees, however the phone encoded them.
test('a name typed with combining accents (NFD) counts its letters: 40 are saved, composed (NFC)', async () => {
  const { token } = await member();
  const name = 'Tôn Nữ Hoàng Ngọc Phương Thảo Nguyễn Thị';
  expect([...name]).toHaveLength(40);
  const typed = name.normalize('NFD'); // 51 UTF-16 code units
  const res = await gw.call('PUT', '/api/v1/auth/profile', { token, json: { fullName: typed } });
  expect(res.body).toMatchObject({ code: 1000, data: { fullName: name } });
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.fullName).toBe(name);
});

test('runs of spaces in a name are one space', async () => {
  const { token } = await member();
  const res = await gw.call('PUT', '/api/v1/auth/profile', { token, json: { fullName: ' Lê \t  Văn\u00a0  Cường ' } });
  expect(res.body).toMatchObject({ code: 1000, data: { fullName: 'Lê Văn Cường' } });
});

test.each([
  ['en', 'Ánh'.repeat(13) + 'An', 'Please do not exceed 40 characters'],
  ['vi', ('Ánh'.repeat(13) + 'An').normalize('NFD'), 'Vui lòng không nhập quá 40 ký tự'],
  ['en', 'An\u0000', 'Contains a character that is not allowed'],
  ['vi', 'An\ud800', 'Có ký tự không được phép'],
  ['en', 'An\u0007 Bình', 'Contains a character that is not allowed'],
  ['vi', 'An\u001b[31m', 'Có ký tự không được phép'],
] as const)('in %s, the name %j is refused by its field: %s, and nothing is saved', async (lang, fullName, message) => {
  const { token } = await member();
  await gw.call('PUT', '/api/v1/auth/profile', { token, json: { fullName: 'Đặng Thu' } });
  const res = await gw.call('PUT', '/api/v1/auth/profile', { token, lang, json: { fullName } });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 2, data: { fieldErrors: { fullName: [message] } } });
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.fullName).toBe('Đặng Thu');
});

test('an empty email clears the saved one', async () => {
  const { token } = await member();
  await gw.call('PUT', '/api/v1/auth/profile', { token, json: { fullName: 'An', email: 'an@example.com' } });
  const res = await gw.call('PUT', '/api/v1/auth/profile', { token, json: { fullName: 'An', email: '' } });
  expect(res.body).toMatchObject({ code: 1000, data: { email: null } });
});

test.each([
  ['en', { fullName: 'A'.repeat(41) }, 'fullName', 'Please do not exceed 40 characters'],
  ['vi', { fullName: 'A'.repeat(41) }, 'fullName', 'Vui lòng không nhập quá 40 ký tự'],
  ['en', { fullName: '   ' }, 'fullName', 'Required field'],
  ['vi', { fullName: '' }, 'fullName', 'Trường bắt buộc'],
  ['en', { email: 'an@example.com' }, 'fullName', 'Required field'],
  ['en', { fullName: 'An', email: 'not-an-email' }, 'email', 'Email is incorrect'],
  ['vi', { fullName: 'An', email: 'an@' }, 'email', 'Email không đúng định dạng'],
] as const)('in %s, PUT profile %j → 400 code 2 with %s: %j', async (lang, json, field, message) => {
  const { token } = await member();
  const res = await gw.call('PUT', '/api/v1/auth/profile', { token, lang, json });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
  expect(res.body.data.fieldErrors[field]).toEqual([message]);
  // Nothing was saved.
  const profile = await gw.call('GET', '/api/v1/auth/profile', { token });
  expect(profile.body.data).toMatchObject({ fullName: '', email: null });
});

test('a refused update leaves the earlier name and email as they were', async () => {
  const { token } = await member();
  await gw.call('PUT', '/api/v1/auth/profile', {
    token,
    json: { fullName: 'Lê Văn Cường', email: 'cuong@example.com' },
  });
  const res = await gw.call('PUT', '/api/v1/auth/profile', {
    token,
    json: { fullName: 'x'.repeat(41), email: 'cuong@example.com' },
  });
  expect(res.body.code).toBe(2);
  const profile = await gw.call('GET', '/api/v1/auth/profile', { token });
  expect(profile.body.data).toMatchObject({ fullName: 'Lê Văn Cường', email: 'cuong@example.com' });
});

test("one member's update never touches another member's profile", async () => {
  const alice = await member();
  const bob = await member();
  await gw.call('PUT', '/api/v1/auth/profile', { token: alice.token, json: { fullName: 'Alice' } });
  const bobProfile = await gw.call('GET', '/api/v1/auth/profile', { token: bob.token });
  expect(bobProfile.body.data).toMatchObject({ phoneNumber: bob.phone, fullName: '' });
});

// ---------------------------------------------------------------------------------------------
// Settings.

test('settings start in Vietnamese; switching to English persists and shows in the profile', async () => {
  const { token } = await member();
  const before = await gw.call('GET', '/api/v1/account/setting/me', { token });
  expect(before.body).toMatchObject({ code: 1000, data: { lang: 'vi' } });

  const update = await gw.call('PUT', '/api/v1/account/setting/update', { token, json: { lang: 'en' } });
  expect(update.status).toBe(200);
  expect(update.body).toMatchObject({ code: 1000, data: { lang: 'en' } });

  expect((await gw.call('GET', '/api/v1/account/setting/me', { token })).body.data).toEqual({ lang: 'en' });
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.lang).toBe('en');

  await gw.call('PUT', '/api/v1/account/setting/update', { token, json: { lang: 'vi' } });
  expect((await gw.call('GET', '/api/v1/account/setting/me', { token })).body.data).toEqual({ lang: 'vi' });
});

test('a member who signed up in English starts with English settings', async () => {
  const { token } = await member(undefined, { lang: 'en' });
  expect((await gw.call('GET', '/api/v1/account/setting/me', { token })).body.data).toEqual({ lang: 'en' });
});

test('the language setting picks the language of the next sign-in SMS', async () => {
  const { token, phone } = await member();
  await gw.call('PUT', '/api/v1/account/setting/update', { token, json: { lang: 'en' } });
  // The request itself says Vietnamese; the member's setting wins.
  await gw.call('POST', '/api/v1/auth/otp/send', { lang: 'vi', json: { phoneNumber: phone } });
  const outbox = await gw.call('GET', `/sandbox/sms?phone=${phone}`);
  expect(outbox.body.data[0].text).toMatch(/verification code/);
});

test.each([[{ lang: 'fr' }], [{ lang: 'EN' }], [{ lang: '' }], [{}], [{ lang: ['en'] }]])(
  'setting %j → 400 code 2 with a lang field error; the setting is unchanged',
  async (json) => {
    const { token } = await member();
    const res = await gw.call('PUT', '/api/v1/account/setting/update', { token, json, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
    expect(res.body.data.fieldErrors.lang).toHaveLength(1);
    expect(res.body.data.fieldErrors.lang[0]).not.toBe('');
    expect((await gw.call('GET', '/api/v1/account/setting/me', { token })).body.data).toEqual({ lang: 'vi' });
  },
);

// ---------------------------------------------------------------------------------------------
// Avatar.

test('a JPEG avatar is stored as WebP without its EXIF and served with nosniff', async () => {
  const { token } = await member();
  const jpeg = await photoJpeg();
  expect(jpeg.includes(Buffer.from('GPS-Leaker 3000'))).toBe(true); // guard: the fixture carries EXIF

  const res = await uploadAvatar(token, imageForm(jpeg));
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(1000);
  const avatarUrl: string = res.body.data.avatarUrl;
  expect(avatarUrl).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}$/);
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.avatarUrl).toBe(avatarUrl);

  const media = await fetchMedia(avatarUrl);
  expect(media.status).toBe(200);
  expect(media.headers.get('content-type')).toBe('image/webp');
  expect(media.headers.get('x-content-type-options')).toBe('nosniff');
  expect(isWebp(media.bytes)).toBe(true);
  expect(media.bytes.includes(Buffer.from('GPS-Leaker 3000'))).toBe(false);
  expect(media.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);
  const meta = await sharp(media.bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
});

test('the content type and file name the client claims do not matter: a PNG called .txt is accepted', async () => {
  const { token } = await member();
  const res = await uploadAvatar(token, imageForm(await smallPng(), 'notes.txt', 'text/plain'));
  expect(res.body.code).toBe(1000);
  const media = await fetchMedia(res.body.data.avatarUrl);
  expect(isWebp(media.bytes)).toBe(true);
});

test('a new avatar replaces the old one: the old URL answers 404', async () => {
  const { token } = await member();
  const first = await uploadAvatar(token, imageForm(await photoJpeg(200, 200)));
  const second = await uploadAvatar(token, imageForm(await smallPng(), 'second.png', 'image/png'));
  expect(second.body.code).toBe(1000);
  const oldUrl: string = first.body.data.avatarUrl;
  const newUrl: string = second.body.data.avatarUrl;
  expect(newUrl).not.toBe(oldUrl);

  const old = await gw.call('GET', oldUrl, { lang: 'en' });
  expect(old.status).toBe(404);
  expect(old.body.code).toBe('NOT_FOUND');
  expect((await fetchMedia(newUrl)).status).toBe(200);
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.avatarUrl).toBe(newUrl);
});

test('a refused upload keeps the current avatar', async () => {
  const { token } = await member();
  const first = await uploadAvatar(token, imageForm(await smallPng()));
  const refused = await uploadAvatar(token, imageForm(Buffer.from('not an image at all\n'.repeat(10))));
  expect(refused.body.code).toBe(102);
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.avatarUrl).toBe(first.body.data.avatarUrl);
  expect((await fetchMedia(first.body.data.avatarUrl)).status).toBe(200);
});

test("each member's avatar is their own", async () => {
  const alice = await member();
  const bob = await member();
  const a = await uploadAvatar(alice.token, imageForm(await smallPng()));
  const b = await uploadAvatar(bob.token, imageForm(await smallPng()));
  expect(a.body.data.avatarUrl).not.toBe(b.body.data.avatarUrl);
  // Bob's new upload deleted nothing of Alice's.
  await uploadAvatar(bob.token, imageForm(await smallPng()));
  expect((await fetchMedia(a.body.data.avatarUrl)).status).toBe(200);
});

test('a file over 5 MB → 413 with code 100', async () => {
  const { token } = await member();
  // A real JPEG at the front, so only the size can be the reason.
  const big = Buffer.alloc(5 * 1024 * 1024 + 1);
  (await photoJpeg(64, 64)).copy(big);
  const res = await uploadAvatar(token, imageForm(big));
  expect(res.status).toBe(413);
  expect(res.body.code).toBe(100);
  expect(res.body.message).toEqual(expect.any(String));
});

test('a body far over the limit → 413 with code 100', async () => {
  const { token } = await member();
  const res = await uploadAvatar(token, imageForm(Buffer.alloc(12 * 1024 * 1024)));
  expect(res.status).toBe(413);
  expect(res.body.code).toBe(100);
});

test('a body over the limit that says so in Content-Length is refused with 413 code 100', async () => {
  const { token } = await member();
  const res = await gw.call('PUT', '/api/v1/auth/profile/avatar', {
    token,
    body: 'x',
    headers: { 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(20 * 1024 * 1024) },
  });
  expect(res.status).toBe(413);
  expect(res.body.code).toBe(100);
});

test.each([
  [
    'a text file named .jpg',
    async () => Buffer.from('hello, this is not a picture\n'.repeat(40)),
    'photo.jpg',
    'image/jpeg',
  ],
  ['a PNG truncated to half its bytes', async () => halfOf(await smallPng()), 'cut.png', 'image/png'],
  ['an empty file', async () => Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
  [
    'an SVG',
    async () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    'a.svg',
    'image/svg+xml',
  ],
])('%s → 415 with code 102', async (_name, bytes, filename, type) => {
  const { token } = await member();
  const res = await uploadAvatar(token, imageForm(await bytes(), filename, type));
  expect(res.status).toBe(415);
  expect(res.body.code).toBe(102);
  expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.avatarUrl).toBeNull();
});

test('guard: the half PNG above still has a valid header, so only a full decode can refuse it', async () => {
  expect((await sharp(halfOf(await smallPng())).metadata()).format).toBe('png');
});

test.each([
  [
    'no file field at all',
    () => {
      const form = new FormData();
      form.append('other', 'value');
      return form;
    },
  ],
  ['the file under another field name', () => imageForm(Buffer.from('x'), 'me.jpg', 'image/jpeg', 'avatar')],
  [
    'image as a text field',
    () => {
      const form = new FormData();
      form.append('image', 'data:image/png;base64,iVBORw0KGgo=');
      return form;
    },
  ],
])('%s → 400 code 2 with a field error on image', async (_name, makeForm) => {
  const { token } = await member();
  const res = await uploadAvatar(token, makeForm());
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
  expect(res.body.data.fieldErrors.image).toEqual(['Trường bắt buộc']);
});

test('a JSON body instead of a form → 400 code 2 (English when asked)', async () => {
  const { token } = await member();
  const res = await gw.call('PUT', '/api/v1/auth/profile/avatar', { token, lang: 'en', json: { image: 'x' } });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
  expect(res.body.data.fieldErrors.image).toEqual(['Required field']);
});

test('a multipart body that cannot be parsed is refused without a 500', async () => {
  const { token } = await member();
  const res = await gw.call('PUT', '/api/v1/auth/profile/avatar', {
    token,
    body: '--nope\r\ngarbage without headers',
    headers: { 'content-type': 'multipart/form-data; boundary=abc' },
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect([2, 102]).toContain(res.body.code);
});
