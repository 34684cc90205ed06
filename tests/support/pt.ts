import { and, asc, eq } from 'drizzle-orm';
import {
  accounts,
  clubs,
  contracts,
  payments,
  ptEContracts,
  ptPackages,
  ptWorkingHours,
} from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import type { TestGateway } from './gateway.ts';
import { buyAndPay, plansOf } from './membership.ts';
import { staffLogin } from './staff.ts';

export type Trainer = { id: number; phone: string };

/** The seeded trainers who work at a club (their account id and phone for the staff sign-in), by id. */
export const clubTrainers = (gw: TestGateway, clubId: number) =>
  gw.db
    .selectDistinct({ id: accounts.id, phone: accounts.phoneNumber })
    .from(ptWorkingHours)
    .innerJoin(accounts, eq(accounts.id, ptWorkingHours.trainerAccountId))
    .where(eq(ptWorkingHours.clubId, clubId))
    .orderBy(asc(accounts.id));

/** The first active club, its 10-session PT package and its trainers: what most PT tests book with. */
export async function firstClubPt(gw: TestGateway) {
  const [{ id: clubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id))
    .limit(1);
  const [{ id: packageId }] = await gw.db
    .select({ id: ptPackages.id })
    .from(ptPackages)
    .where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  return { clubId, packageId, trainers: await clubTrainers(gw, clubId) };
}

const trainerTokens = new WeakMap<TestGateway, Map<number, Promise<string>>>();

/** A trainer's staff token, signed in once per test gateway. */
export function trainerToken(gw: TestGateway, trainer: Trainer) {
  const tokens = trainerTokens.get(gw) ?? new Map<number, Promise<string>>();
  trainerTokens.set(gw, tokens);
  if (!tokens.has(trainer.id)) tokens.set(trainer.id, staffLogin(gw, trainer.phone));
  return tokens.get(trainer.id)!;
}

/** Marks a PT contract's e-contract signed in the database (a stand-in PDF): for tests about what comes after signing. */
export const markEContractSigned = (gw: TestGateway, ptContractId: number) =>
  gw.db
    .update(ptEContracts)
    .set({
      status: 'SIGNED',
      signedAt: gw.clock.now(),
      signerName: 'Test',
      signatureKind: 'typed',
      pdf: Buffer.from('%PDF-1.7 test'),
      pdfSha256: '0'.repeat(64),
    })
    .where(eq(ptEContracts.ptContractId, ptContractId));

/**
 * A new member with a membership of the club (its second plan) and a PT package with the trainer:
 * registered, accepted by the trainer, and "Tiền mặt tại quầy" chosen: the cash slip waits at the desk.
 */
export async function memberPayingPtInCash(
  gw: TestGateway,
  { clubId, packageId, trainer }: { clubId: number; packageId: number; trainer: Trainer },
) {
  const m = await gw.signUp();
  const plan = (await plansOf(gw, clubId))[1];
  const bought = await buyAndPay(gw, m.token, plan.id);
  const [{ accountId }] = await gw.db
    .select({ accountId: contracts.accountId })
    .from(contracts)
    .where(eq(contracts.id, bought.contract.contractId));
  const made = await gw.call(
    'POST',
    `/api/v1/member/pt-package/${String(packageId)}/pt/${String(trainer.id)}/register`,
    { token: m.token },
  );
  const ptContractId = made.body.data.ptContractId as number;
  await gw.call('PUT', `/api/v1/staff/pt-contract/${String(ptContractId)}/accept`, {
    token: await trainerToken(gw, trainer),
  });
  const paying = await gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/transaction/pay`, {
    token: m.token,
    json: { paymentMethodGroupId: 3 },
  });
  const [payment] = await gw.db
    .select()
    .from(payments)
    .where(eq(payments.id, paying.body.data.payment.id as number));
  return { ...m, accountId, ptContractId, payment };
}

/**
 * The same with the cash taken and settled: a paid PT package, its e-contract marked signed
 * (sessions are booked under a signed contract; signing itself is e-contracts.test.ts's), unless `unsigned`.
 */
export async function memberWithPackage(
  gw: TestGateway,
  { unsigned = false, ...of }: { clubId: number; packageId: number; trainer: Trainer; unsigned?: boolean },
) {
  const { payment, ...m } = await memberPayingPtInCash(gw, of);
  await settlePayment(gw, {
    paymentId: payment.id,
    amount: payment.amount,
    providerTransactionId: `CASH-${String(payment.id)}`,
    paidAt: gw.clock.now(),
  });
  if (!unsigned) await markEContractSigned(gw, m.ptContractId);
  return m;
}
