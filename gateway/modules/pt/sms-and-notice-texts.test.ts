import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eContractSchema, ptBookingScreenSchema } from '#api/pt.ts';
import { clubs, notifications, ptContracts, ptPackages } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers, memberWithPackage, trainerToken, type Trainer } from '#tests/support/pt.ts';

// Issue 38 §13 and §14: the signing code's SMS names the contract and its amount and signs nothing
// else; a PT notice says the date before the time (dd/MM/yyyy HH:mm, Vietnam time).
let gw: TestGateway;
let clubId: number;
let packageId: number;
let trainers: Trainer[];
beforeAll(async () => {
  gw = await startTestGateway();
  [{ id: clubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id))
    .limit(1);
  [{ id: packageId }] = await gw.db
    .select({ id: ptPackages.id })
    .from(ptPackages)
    .where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  trainers = await clubTrainers(gw, clubId);
});
afterAll(() => gw.close());

const newestSms = async (phone: string) =>
  ((await gw.call('GET', `/sandbox/sms?phone=${phone}`)).body.data as Array<{ text: string }>)[0].text;

describe('SMS codes and notice dates (issue 38 §13, §14)', () => {
  test('the e-contract code names the PT contract, its package and amount, in ASCII; it does not sign in', async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[0], unsigned: true });
    await gw.call('PUT', '/api/v1/auth/profile', { token: m.token, json: { fullName: 'Lê Thị Test' } });
    const [pt] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, m.ptContractId));
    const list = await gw.call('GET', '/api/v1/member/pt-e-contracts', { token: m.token });
    const eContract = eContractSchema.parse(list.body.data[0]);
    gw.clock.advance(31_000);
    expect(
      (await gw.call('POST', `/api/v1/member/pt-e-contract/${String(eContract.eContractId)}/otp`, { token: m.token }))
        .status,
    ).toBe(200);
    const text = await newestSms(m.phone);
    const price = String(pt.price).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    expect(text).toMatch(
      new RegExp(
        `^Ma xac nhan (\\d{4}) de ky hop dong PT so ${String(pt.id)} \\(Goi 10 buoi, ${price} VND\\)\\. Ma chi dung cho viec nay`,
      ),
    );
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    const code = /^Ma xac nhan (\d{4})/.exec(text)![1];
    // No sign-in code is open for this phone: the signing code opens nothing.
    const login = await gw.call('POST', '/api/v1/auth/otp/login', { json: { phoneNumber: m.phone, otp: code } });
    expect([login.status, login.body.code]).toEqual([400, 'OTP_NOT_VALID']);
  });

  test("a trainer's answer tells the member the session's date first, then the time", async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[1] });
    const first = ptBookingScreenSchema.parse(
      (
        await gw.call('GET', `/api/v1/member/screens/pt-booking?ptContractId=${String(m.ptContractId)}`, {
          token: m.token,
        })
      ).body.data,
    );
    let booked: { date: string; time: string; id: number } | null = null;
    for (const day of first.days.slice(1)) {
      const s = ptBookingScreenSchema.parse(
        (
          await gw.call('GET', `/api/v1/member/screens/pt-booking?ptContractId=${String(m.ptContractId)}&date=${day}`, {
            token: m.token,
          })
        ).body.data,
      );
      if (!s.slots.length) continue;
      const made = await gw.call('POST', `/api/v1/member/pt-contract/${String(m.ptContractId)}/booking`, {
        token: m.token,
        json: { date: day, afterMinute: s.slots[0].afterMinute },
      });
      booked = { date: day, time: s.slots[0].time, id: made.body.data.bookingId as number };
      break;
    }
    expect(booked).not.toBeNull();
    await gw.call('PUT', `/api/v1/staff/pt-booking/${String(booked!.id)}/confirm`, {
      token: await trainerToken(gw, trainers[1]),
    });
    const [notice] = await gw.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, m.accountId), eq(notifications.titleEn, 'Session confirmed')));
    const dmy = `${booked!.date.slice(8, 10)}/${booked!.date.slice(5, 7)}/${booked!.date.slice(0, 4)}`;
    expect(notice.bodyVi).toBe(`Buổi tập lúc ${dmy} ${booked!.time} đã được xác nhận.`);
    expect(notice.bodyEn).toBe(`Your session at ${dmy} ${booked!.time} is confirmed.`);
  });
});
