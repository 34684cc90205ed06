// ADR 056: a member's contract rows and a club's plan cards are read again only after something
// they show has changed. Each change below is made straight in the database, as another replica, a
// webhook or staff would make it, and the next read must show it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Contract } from '#api/membership.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import type { Transaction } from '#gateway/db/client.ts';
import {
  clubs,
  contracts,
  coupons,
  freezeContracts,
  paymentEvents,
  paymentPlans,
  payments,
  readVersions,
} from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { anchorCoupons, buyAndPay, clubBySlug, couponId, plansOf } from '#tests/support/membership.ts';

let gw: TestGateway;
let member: { token: string; accountId: number };
let contractId: number;
let paymentId: number;

beforeAll(async () => {
  gw = await startTestGateway();
  await anchorCoupons(gw);
  const club = await clubBySlug(gw, 'q1-le-thanh-ton');
  const plan = (await plansOf(gw, club.id)).find((p) => p.type === 'CLASSIC')!;
  const m = await gw.signUp();
  member = { token: m.token, accountId: m.profile.id as number };
  const bought = await buyAndPay(gw, m.token, plan.id, { couponId: await couponId(gw, 'TET2027') });
  contractId = bought.contract.contractId;
  paymentId = bought.payment.id;
});
afterAll(() => gw.close());

const theContract = async (): Promise<Contract> => {
  const res = await gw.call('GET', '/api/v1/member/contracts', { token: member.token });
  expect(res.status).toBe(200);
  return (res.body.data as Contract[]).find((c) => c.contractId === contractId)!;
};
const homeCard = async () =>
  (await gw.call('GET', '/api/v1/member/home', { token: member.token })).body.data.homePage.current as Contract;

/** A change the triggers do not see (replication role): only the cache can explain an old answer. */
const changeUnseen = (change: (tx: Transaction) => Promise<unknown>) =>
  gw.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });

describe('cached contract rows (ADR 056)', () => {
  test('read twice with nothing changed, the second answer is the cached one; any counted change is read again', async () => {
    const before = await theContract();
    expect(before.status).toBe('CURRENT');
    const [version] = await gw.db
      .select()
      .from(readVersions)
      .where(eq(readVersions.scope, `contracts:${String(member.accountId)}`));
    expect(version.version).toBeGreaterThan(0);
    // Changed behind the triggers' back: the cache still answers the old end date.
    await changeUnseen((tx) =>
      tx
        .update(contracts)
        .set({ endDate: addDays(before.endDate, 1) })
        .where(eq(contracts.id, contractId)),
    );
    expect((await theContract()).endDate).toBe(before.endDate);
    // The same change counted: read again.
    await gw.db
      .update(contracts)
      .set({ endDate: addDays(before.endDate, 2) })
      .where(eq(contracts.id, contractId));
    expect((await theContract()).endDate).toBe(addDays(before.endDate, 2));
    expect((await homeCard()).endDate).toBe(addDays(before.endDate, 2));
  });

  test('a payment, a payment event and a freeze of the member count as changes of their contracts', async () => {
    await theContract();
    await gw.db.insert(paymentEvents).values({
      provider: 'bank',
      externalId: `late-${String(paymentId)}`,
      paymentId,
      amount: 50_000,
      outcome: 'late',
      needsReview: true,
      raw: {},
    });
    expect((await theContract()).unbooked).toEqual([
      expect.objectContaining({ amount: 50_000, reason: 'late', reviewed: false }),
    ]);
    await gw.db
      .update(paymentEvents)
      .set({ needsReview: false })
      .where(eq(paymentEvents.externalId, `late-${String(paymentId)}`));
    expect((await theContract()).unbooked).toEqual([expect.objectContaining({ reviewed: true })]);

    const today = vietnamDay(gw.clock.now());
    await gw.db.insert(freezeContracts).values({
      accountId: member.accountId,
      contractId,
      days: 7,
      price: 0,
      startDate: today,
      endDate: addDays(today, 6),
      paymentState: 'PAID',
    });
    expect(await theContract()).toMatchObject({ isFrozen: true, freeze: { startDate: today } });

    // A payment attempt's change (its end, its state) is counted for the contract's member.
    const versionNow = async () =>
      (
        await gw.db
          .select()
          .from(readVersions)
          .where(eq(readVersions.scope, `contracts:${String(member.accountId)}`))
      )[0].version;
    const counted = await versionNow();
    await gw.db.update(payments).set({ expiresAt: gw.clock.now() }).where(eq(payments.id, paymentId));
    expect(await versionNow()).toBe(counted + 1);
  });

  test("a club, plan or coupon code renamed shows in every member's contracts; a change rolled back counts nothing", async () => {
    const before = await theContract();
    const [contract] = await gw.db.select().from(contracts).where(eq(contracts.id, contractId));
    await gw.db.update(clubs).set({ nameVi: 'CLB đổi tên' }).where(eq(clubs.id, contract.clubId));
    expect((await theContract()).club.nameVi).toBe('CLB đổi tên');
    await gw.db.update(paymentPlans).set({ nameVi: 'Gói đổi tên' }).where(eq(paymentPlans.id, contract.paymentPlanId));
    expect((await theContract()).paymentPlan.planNameVi).toBe('Gói đổi tên');
    await gw.db
      .update(coupons)
      .set({ code: 'TET2027B' })
      .where(eq(coupons.id, await couponId(gw, 'TET2027')));
    expect((await theContract()).promotionCode).toBe('TET2027B');

    const versions = await gw.db.select().from(readVersions);
    await gw.db
      .transaction(async (tx) => {
        await tx
          .update(contracts)
          .set({ endDate: addDays(before.endDate, 30) })
          .where(eq(contracts.id, contractId));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await gw.db.select().from(readVersions)).toEqual(versions);
  });
});

describe('GET /member/home: the contracts version read with the shell (ADR 056)', () => {
  test('a change the triggers miss is not shown; a counted change of the contract or of its club is', async () => {
    const before = await homeCard();
    await changeUnseen((tx) =>
      tx
        .update(contracts)
        .set({ endDate: addDays(before.endDate, 5) })
        .where(eq(contracts.id, contractId)),
    );
    expect((await homeCard()).endDate).toBe(before.endDate);
    // The contract's own version (the shell statement's contractsVersion column).
    await gw.db
      .update(contracts)
      .set({ endDate: addDays(before.endDate, 6) })
      .where(eq(contracts.id, contractId));
    expect((await homeCard()).endDate).toBe(addDays(before.endDate, 6));
    // The catalog's version (its catalogVersion column): the club's name.
    const [contract] = await gw.db.select().from(contracts).where(eq(contracts.id, contractId));
    await gw.db.update(clubs).set({ nameVi: 'CLB tên mới' }).where(eq(clubs.id, contract.clubId));
    expect((await homeCard()).club.nameVi).toBe('CLB tên mới');
    // The list read under its own version statement and the home page share one cache.
    await gw.db
      .update(contracts)
      .set({ endDate: addDays(before.endDate, 7) })
      .where(eq(contracts.id, contractId));
    expect((await theContract()).endDate).toBe(addDays(before.endDate, 7));
    expect((await homeCard()).endDate).toBe(addDays(before.endDate, 7));
  });
});

describe('cached plan cards (ADR 056)', () => {
  const cards = async (clubId: number, token?: string) =>
    gw.call('GET', `/api/v1/global/club/${String(clubId)}/payment-plans`, { token });
  type Card = { id: number; planNameVi: string; originalPrice: number; joiningFee: number };

  test('a price, a new plan, a plan or club closed: the next read shows it; a change the triggers miss is not read', async () => {
    const club = await clubBySlug(gw, 'q3-vo-van-tan');
    const before = (await cards(club.id)).body.data as Card[];
    const first = before[0];
    await changeUnseen((tx) =>
      tx
        .update(paymentPlans)
        .set({ originalPrice: first.originalPrice + 1_000 })
        .where(eq(paymentPlans.id, first.id)),
    );
    expect(((await cards(club.id)).body.data as Card[])[0].originalPrice).toBe(first.originalPrice);
    await gw.db
      .update(paymentPlans)
      .set({ originalPrice: first.originalPrice + 2_000 })
      .where(eq(paymentPlans.id, first.id));
    expect(((await cards(club.id)).body.data as Card[])[0].originalPrice).toBe(first.originalPrice + 2_000);

    const [row] = await gw.db.select().from(paymentPlans).where(eq(paymentPlans.id, first.id));
    const { id: _id, ...copy } = row;
    const [added] = await gw.db
      .insert(paymentPlans)
      .values({ ...copy, nameVi: 'Gói mới', sortOrder: 999 })
      .returning();
    expect(((await cards(club.id)).body.data as Card[]).map((c) => c.planNameVi)).toContain('Gói mới');
    await gw.db.update(paymentPlans).set({ isActive: false }).where(eq(paymentPlans.id, added.id));
    expect(((await cards(club.id)).body.data as Card[]).map((c) => c.id)).not.toContain(added.id);

    await gw.db.update(clubs).set({ isActive: false }).where(eq(clubs.id, club.id));
    expect((await cards(club.id)).status).toBe(404);
    await gw.db.update(clubs).set({ isActive: true }).where(eq(clubs.id, club.id));
    expect((await cards(club.id)).body.data).toHaveLength(before.length);
  });

  test("a member's joining fee goes once they have paid a contract, on cards the cache already held", async () => {
    const club = await clubBySlug(gw, 'q3-vo-van-tan');
    const m = await gw.signUp();
    const asNew = (await cards(club.id, m.token)).body.data as Card[];
    const withFee = asNew.find((c) => c.joiningFee > 0)!;
    expect(withFee).toBeDefined();
    // A closed club's answer says nothing of the member: it must not be kept as "new".
    await gw.db.update(clubs).set({ isActive: false }).where(eq(clubs.id, club.id));
    expect((await cards(club.id, m.token)).status).toBe(404);
    await gw.db.update(clubs).set({ isActive: true }).where(eq(clubs.id, club.id));
    await buyAndPay(gw, m.token, (await plansOf(gw, club.id)).find((p) => p.type === 'CLASSIC')!.id);
    const asMember = (await cards(club.id, m.token)).body.data as Card[];
    expect(asMember.find((c) => c.id === withFee.id)!.joiningFee).toBe(0);
    // A visitor still pays it.
    expect(((await cards(club.id)).body.data as Card[]).find((c) => c.id === withFee.id)!.joiningFee).toBe(
      withFee.joiningFee,
    );
  });
});
