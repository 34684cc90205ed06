import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { vietnamDay } from '#api/vietnam-time.ts';
import { accounts, identityVerifications, mediaFiles } from '#gateway/db/schema/index.ts';
import { cccdBack, cccdFront, passportPage, type CardPerson } from '#tests/support/id-card.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 16 §3 over HTTP, through the sandbox reader on generated card photos (ADR 040).
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** DD/MM/YYYY of today in Vietnam shifted by whole years and days. */
const dayFromToday = (years: number, days = 0) => {
  const [y, m, d] = vietnamDay(gw.clock.now()).split('-').map(Number);
  const date = new Date(Date.UTC(y + years, m - 1, d + days));
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCFullYear())}`;
};

let serial = 100;
const person = (over: Partial<CardPerson> = {}): CardPerson => ({
  idNumber: `0790950${String(serial++).padStart(5, '0')}`,
  fullName: 'Phạm Minh Châu',
  dateOfBirth: dayFromToday(-30),
  sex: 'Nữ',
  address: '45 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  issuedOn: dayFromToday(-5),
  ...over,
});

async function member(fullName: string) {
  const m = await gw.signUp();
  await gw.call('PUT', '/api/v1/auth/profile', { token: m.token, json: { fullName } });
  return m;
}

const jpeg = (bytes: Buffer) => new Blob([Uint8Array.from(bytes)], { type: 'image/jpeg' });

function upload(
  token: string | undefined,
  fields: { type?: string; front?: Buffer | Blob; back?: Buffer | Blob },
  lang: 'vi' | 'en' = 'en',
) {
  const form = new FormData();
  if (fields.type !== undefined) form.append('recognitionType', fields.type);
  for (const side of ['front', 'back'] as const) {
    const value = fields[side];
    if (value) form.append(side, value instanceof Blob ? value : jpeg(value), `${side}.jpg`);
  }
  return gw.call('POST', '/api/v1/fpt/recognize-id/upload', { token, body: form, lang });
}

const mediaCount = async () => (await gw.db.select({ n: sql<number>`count(*)::int` }).from(mediaFiles))[0].n;

test(
  'a member verifies with the front and back of a CCCD; the name may differ in marks and order; the photos are not kept',
  async () => {
    const m = await member('Chau Pham Minh');
    const card = person();
    const mediaBefore = await mediaCount();
    const res = await upload(m.token, { type: '1', front: await cccdFront(card), back: await cccdBack(card) });
    expect([res.status, res.body.code]).toEqual([200, 1000]);
    expect(res.body.data).toMatchObject({
      documentType: 'ID_CARD',
      idNumberMasked: `••••••••${card.idNumber.slice(-4)}`,
      fullName: 'Phạm Minh Châu',
      sex: 'FEMALE',
      address: card.address,
      method: 'sandbox-qr',
    });
    // Born 30 years ago, issued 5 years ago: the card lasts to the 40th birthday.
    expect(res.body.data.expiresOn).toBe(dayFromToday(10).split('/').reverse().join('-'));
    expect(await mediaCount()).toBe(mediaBefore);
    const [row] = await gw.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.accountId, m.profile.id));
    expect(row).toMatchObject({ idNumber: card.idNumber, documentType: 'ID_CARD' });
    const read = await gw.call('GET', '/api/v1/member/identity', { token: m.token });
    expect(read.body.data).toEqual(res.body.data);
    // Once verified, again is 206; nobody else may use that card (201).
    const again = await upload(m.token, { type: '1', front: await cccdFront(card) });
    expect([again.status, again.body.code]).toEqual([409, 206]);
    const other = await member('Phạm Minh Châu');
    const taken = await upload(other.token, { type: '1', front: await cccdFront(card) }, 'vi');
    expect([taken.status, taken.body.code]).toEqual([409, 201]);
    expect(taken.body.message).toMatch(/đã được/);
    expect((await gw.call('GET', '/api/v1/member/identity', { token: other.token })).body.data).toBeNull();
  },
  timeLimit(120_000),
);

test(
  'refusals: another name 202, age 14 is 203 (15 passes), expired 204, a passport sent as a card 205',
  async () => {
    const m = await member('Nguyễn Văn Bình');
    const notMine = await upload(m.token, { type: '1', front: await cccdFront(person()) });
    expect([notMine.status, notMine.body.code]).toEqual([422, 202]);

    const young = await member('Phạm Minh Châu');
    const fourteen = await upload(young.token, {
      type: '1',
      front: await cccdFront(person({ dateOfBirth: dayFromToday(-15, 1) })),
    });
    expect([fourteen.status, fourteen.body.code]).toEqual([422, 203]);
    const expired = await upload(young.token, {
      type: '1',
      front: await cccdFront(person({ dateOfBirth: dayFromToday(-25, -1), issuedOn: dayFromToday(-10) })),
    });
    expect([expired.status, expired.body.code]).toEqual([422, 204]);
    const passport = await passportPage({
      number: 'C7654321',
      surname: 'Phạm',
      givenNames: 'Minh Châu',
      dateOfBirth: dayFromToday(-30),
      sex: 'F',
      expiresOn: dayFromToday(3),
    });
    const wrongType = await upload(young.token, { type: '1', front: passport });
    expect([wrongType.status, wrongType.body.code]).toEqual([422, 205]);
    // Fifteen today is old enough; the passport as a passport is read from its MRZ.
    const fifteen = await upload(young.token, {
      type: '1',
      front: await cccdFront(person({ dateOfBirth: dayFromToday(-15) })),
    });
    expect([fifteen.status, fifteen.body.code]).toEqual([200, 1000]);
  },
  timeLimit(120_000),
);

test(
  'a passport verifies from its machine-readable zone; an account without a name takes the document’s',
  async () => {
    const m = await gw.signUp();
    const page = await passportPage({
      number: 'B2468013',
      surname: 'Đỗ',
      givenNames: 'Thu Hà',
      dateOfBirth: dayFromToday(-22),
      sex: 'F',
      expiresOn: dayFromToday(6),
    });
    const res = await upload(m.token, { type: '2', front: page, back: await cccdBack(person()) });
    expect([res.status, res.body.code]).toEqual([200, 1000]);
    expect(res.body.data).toMatchObject({
      documentType: 'PASSPORT',
      idNumberMasked: '••••8013',
      fullName: 'DO THU HA',
      method: 'sandbox-mrz',
    });
    const [account] = await gw.db
      .select({ fullName: accounts.fullName })
      .from(accounts)
      .where(eq(accounts.id, m.profile.id));
    expect(account.fullName).toBe('DO THU HA');
  },
  timeLimit(120_000),
);

test(
  'malformed requests are 400/413/415, never 500; no token is 401; 10 tries an hour',
  async () => {
    const m = await member('Lý Thị Hoa');
    expect((await upload(undefined, { type: '1', front: Buffer.from('x') })).status).toBe(401);
    const empty = await upload(m.token, {});
    expect([empty.status, empty.body.code]).toEqual([400, 2]);
    expect(Object.keys(empty.body.data.fieldErrors).sort()).toEqual(['front', 'recognitionType']);
    expect((await upload(m.token, { type: '3', front: Buffer.from('x') })).status).toBe(400);
    const notImage = await upload(m.token, { type: '1', front: new Blob(['hello'], { type: 'image/jpeg' }) });
    expect([notImage.status, notImage.body.code]).toEqual([415, 102]);
    const json = await gw.call('POST', '/api/v1/fpt/recognize-id/upload', {
      token: m.token,
      json: { recognitionType: 1 },
    });
    expect(json.status).toBe(400);
    const huge = await upload(m.token, {
      type: '1',
      front: new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/jpeg' }),
    });
    expect([huge.status, huge.body.code]).toEqual([413, 100]);
    // Each try above that got past the form counted; the hour's 10 run out.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await upload(m.token, { type: '1', front: new Blob(['nope'], { type: 'image/png' }) })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 415).length).toBeGreaterThan(0);
  },
  timeLimit(120_000),
);

test(
  'races are settled by the database: one card sent by two accounts at once verifies one of them (201 for the other); one account sending twice at once gets one row (206)',
  async () => {
    const card = person();
    const [front, back] = [await cccdFront(card), await cccdBack(card)];
    const [a, b] = [await member('Phạm Minh Châu'), await member('Phạm Minh Châu')];
    const both = await Promise.all([a, b].map((m) => upload(m.token, { type: '1', front, back })));
    expect(both.map((r) => r.body.code).sort((x, y) => x - y)).toEqual([201, 1000]);
    const rows = await gw.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.idNumber, card.idNumber));
    expect(rows).toHaveLength(1);
    const winner = both.findIndex((r) => r.body.code === 1000);
    expect(rows[0].accountId).toBe([a, b][winner].profile.id);

    const own = person();
    const [ownFront, ownBack] = [await cccdFront(own), await cccdBack(own)];
    const c = await member('Phạm Minh Châu');
    const twice = await Promise.all([0, 1].map(() => upload(c.token, { type: '1', front: ownFront, back: ownBack })));
    expect(twice.map((r) => r.body.code).sort((x, y) => x - y)).toEqual([206, 1000]);
    expect(
      await gw.db.select().from(identityVerifications).where(eq(identityVerifications.accountId, c.profile.id)),
    ).toHaveLength(1);
  },
  timeLimit(120_000),
);
