import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import type { PtContract, PtContractDetail, PtContractStatus, TrainerRequest } from '#api/pt.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import {
  accounts,
  clubs,
  payments,
  ptContracts,
  ptPackages,
  ptTrainers,
  ptWorkingHours,
} from '#gateway/db/schema/index.ts';
import type { PtContractState } from '#gateway/db/schema/pt.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { clubAccess } from '#gateway/modules/club-access/queries.ts';
import { checkPayChoice, type PayChoice, type PurchaseContext } from '#gateway/modules/payments/choice.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { coveringPeriods } from '#gateway/modules/club-access/queries.ts';
import { shownPayment } from '#gateway/modules/payments/shown.ts';
import { startPayment } from '#gateway/modules/payments/start.ts';
import { fieldChange, recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// A member's PT package with one trainer (issue 13 §1, ADR 045): registered (1029), answered by the
// trainer, paid through the one payment path (settlePayment calls settlePtContractIn), then used
// session by session until its sessions or its days run out. Every change runs in one transaction
// with the member's account row locked, as a purchase does.

type PtContractRow = typeof ptContracts.$inferSelect;

const ptContractNotFound = () => new ApiError(404, Codes.NOT_FOUND);

/** §4 status of a contract on a Vietnam day. */
export function ptContractStatus(
  row: Pick<PtContractRow, 'state' | 'startDate' | 'endDate' | 'sessions' | 'sessionsUsed'>,
  today: string,
): PtContractStatus {
  if (row.state === 'WAITPTCONFIRM' || row.state === 'WAITFORPAYMENT') return row.state;
  if (row.state !== 'PAID' || row.startDate === null || row.endDate === null) return 'PAST';
  if (row.endDate < today || row.sessionsUsed >= row.sessions) return 'PAST';
  return row.startDate > today ? 'FUTURE' : 'CURRENT';
}

/**
 * Whether the member may take PT at a club, and from which day: a paid membership that opens the
 * club and has not ended (163 otherwise), not frozen today. The sessions start with the membership
 * (today, or the first day of one that has not begun).
 */
export async function ptStartAt(db: Executor, accountId: number, clubId: number, today: string) {
  const periods = (await coveringPeriods(db, accountId, clubId, false, -1)).filter((p) => p.end >= today);
  if (periods.length === 0) return { ok: false as const, code: Codes.NO_PACKAGE_AT_CLUB };
  const access = await clubAccess(db, accountId, clubId, today);
  if (!access.ok && access.reason === 'FROZEN') return { ok: false as const, code: Codes.PT_FROZEN };
  const start = periods.map((p) => (p.start < today ? today : p.start)).sort()[0];
  return { ok: true as const, startDate: start };
}

const contractSelect = (db: Executor) =>
  db
    .select({
      contract: ptContracts,
      pkg: ptPackages,
      club: clubs,
      trainerName: accounts.fullName,
      trainerAvatar: accounts.avatarMediaId,
    })
    .from(ptContracts)
    .innerJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .innerJoin(clubs, eq(clubs.id, ptContracts.clubId))
    .innerJoin(accounts, eq(accounts.id, ptContracts.trainerAccountId));
type ContractJoin = Awaited<ReturnType<ReturnType<typeof contractSelect>['where']>>[number];

const closedReasonOf = (state: PtContractState) =>
  state === 'REJECTED' ? 'rejected' : state === 'CANCELLED' ? 'cancelled' : null;

function toPtContract({ contract, pkg, club, trainerName, trainerAvatar }: ContractJoin, today: string): PtContract {
  return {
    ptContractId: contract.id,
    ptId: contract.trainerAccountId,
    ptPackageId: contract.ptPackageId,
    clubId: contract.clubId,
    status: ptContractStatus(contract, today),
    closedReason: closedReasonOf(contract.state),
    packageNameVi: pkg.nameVi,
    packageNameEn: pkg.nameEn,
    clubNameVi: club.nameVi,
    clubNameEn: club.nameEn,
    trainerName,
    trainerAvatarUrl: trainerAvatar ? mediaUrl(trainerAvatar) : null,
    sessions: contract.sessions,
    sessionsUsed: contract.sessionsUsed,
    sessionsLeft: contract.sessions - contract.sessionsUsed,
    validityDays: contract.validityDays,
    price: contract.price,
    isSilver: contract.isSilver,
    startDate: contract.startDate,
    endDate: contract.endDate,
    createdAt: contract.createdAt.toISOString(),
    answeredAt: contract.answeredAt?.toISOString() ?? null,
    paidAt: contract.paidAt?.toISOString() ?? null,
  };
}

export type PtContractsFilter = {
  status?: PtContractStatus | 'REGISTER';
  ptContractId?: number;
  isNotSilverPtContract?: boolean;
};

/** GET /member/pt-contracts: the caller's, newest first, filtered by §4 status (REGISTER: both unpaid stages). */
export async function listPtContracts(db: Executor, accountId: number, filter: PtContractsFilter, now: Date) {
  const today = vietnamDay(now);
  const rows = await contractSelect(db)
    .where(
      and(
        eq(ptContracts.accountId, accountId),
        filter.ptContractId === undefined ? undefined : eq(ptContracts.id, filter.ptContractId),
        filter.isNotSilverPtContract ? eq(ptContracts.isSilver, false) : undefined,
      ),
    )
    .orderBy(desc(ptContracts.createdAt), desc(ptContracts.id));
  const wanted =
    filter.status === 'REGISTER' ? ['WAITPTCONFIRM', 'WAITFORPAYMENT'] : filter.status ? [filter.status] : null;
  return rows.map((row) => toPtContract(row, today)).filter((c) => wanted === null || wanted.includes(c.status));
}

/** The contract with its payment attempt (the open one, or the one that paid it) and receipt. 404 for anyone else's. */
export async function ptContractDetail(
  db: Executor,
  accountId: number,
  ptContractId: number,
  now: Date,
): Promise<PtContractDetail> {
  const today = vietnamDay(now);
  const [row] = await contractSelect(db).where(
    and(eq(ptContracts.id, ptContractId), eq(ptContracts.accountId, accountId)),
  );
  if (!row) throw ptContractNotFound();
  const attempts = await db
    .select()
    .from(payments)
    .where(eq(payments.ptContractId, ptContractId))
    .orderBy(asc(payments.id));
  const { payment, receipt } = await shownPayment(db, attempts, row.club);
  const { contract } = row;
  const timeline: PtContractDetail['timeline'] = [{ kind: 'registered', at: contract.createdAt.toISOString() }];
  if (contract.answeredAt)
    timeline.push({
      kind: contract.state === 'REJECTED' ? 'rejected' : 'accepted',
      at: contract.answeredAt.toISOString(),
    });
  if (contract.paidAt) timeline.push({ kind: 'paid', at: contract.paidAt.toISOString() });
  if (contract.startDate && contract.endDate)
    timeline.push({ kind: 'starts', at: contract.startDate }, { kind: 'ends', at: contract.endDate });
  if (contract.state === 'CANCELLED' && contract.closedAt)
    timeline.push({ kind: 'cancelled', at: contract.closedAt.toISOString() });
  return {
    ...toPtContract(row, today),
    payment,
    timeline,
    receipt,
  };
}

/** The trainer, if active and working at the club. */
async function trainerAtClub(db: Executor, ptId: number, clubId: number) {
  const [row] = await db
    .select({ accountId: ptTrainers.accountId, fullName: accounts.fullName })
    .from(ptTrainers)
    .innerJoin(accounts, eq(accounts.id, ptTrainers.accountId))
    .where(
      and(
        eq(ptTrainers.accountId, ptId),
        eq(ptTrainers.isActive, true),
        eq(accounts.accountType, 'PT'),
        sql`exists (select 1 from ${ptWorkingHours} w where w.trainer_account_id = ${ptTrainers.accountId} and w.club_id = ${clubId})`,
      ),
    );
  return row;
}

/** The member's unpaid PT contract, if any (one at a time: 453). */
export async function unpaidPtContract(db: Executor, accountId: number) {
  const [row] = await db
    .select({ id: ptContracts.id })
    .from(ptContracts)
    .where(and(eq(ptContracts.accountId, accountId), inArray(ptContracts.state, ['WAITPTCONFIRM', 'WAITFORPAYMENT'])));
  return row?.id ?? null;
}

/**
 * POST /member/pt-package/{ptPackageId}/pt/{ptId}/register → 1029. The same package with the same
 * trainer again (a double tap, a retry) answers the contract already made; another one while one is
 * unpaid is 453.
 */
export async function registerPtContract(ctx: PurchaseContext, ptPackageId: number, ptId: number) {
  try {
    return await ctx.db.transaction((tx) => registerIn(tx, ctx, ptPackageId, ptId));
  } catch (error) {
    // Only if two requests slipped past the account lock: the second meets the first's row.
    if (!isUniqueViolation(error)) throw error;
    return ctx.db.transaction((tx) => registerIn(tx, ctx, ptPackageId, ptId));
  }
}

async function registerIn(tx: Executor, ctx: PurchaseContext, ptPackageId: number, ptId: number) {
  await lockAccount(tx, ctx.accountId);
  const [pkg] = await tx
    .select({ pkg: ptPackages })
    .from(ptPackages)
    .innerJoin(clubs, eq(clubs.id, ptPackages.clubId))
    .where(and(eq(ptPackages.id, ptPackageId), eq(ptPackages.isActive, true), eq(clubs.isActive, true)));
  if (!pkg) throw new ApiError(404, Codes.NOT_FOUND);
  const trainer = await trainerAtClub(tx, ptId, pkg.pkg.clubId);
  if (!trainer) throw new ApiError(404, Codes.NOT_FOUND);
  const [open] = await tx
    .select()
    .from(ptContracts)
    .where(
      and(eq(ptContracts.accountId, ctx.accountId), inArray(ptContracts.state, ['WAITPTCONFIRM', 'WAITFORPAYMENT'])),
    );
  if (open) {
    if (open.ptPackageId === ptPackageId && open.trainerAccountId === ptId)
      return { ptContractId: open.id, existing: true };
    throw new ApiError(409, Codes.UNPAID_PT_PACKAGE, { ptContractId: open.id });
  }
  const today = vietnamDay(ctx.now);
  const start = await ptStartAt(tx, ctx.accountId, pkg.pkg.clubId, today);
  if (!start.ok) throw new ApiError(409, start.code);
  const [made] = await tx
    .insert(ptContracts)
    .values({
      accountId: ctx.accountId,
      trainerAccountId: ptId,
      ptPackageId,
      clubId: pkg.pkg.clubId,
      sessions: pkg.pkg.sessions,
      validityDays: pkg.pkg.validityDays,
      price: pkg.pkg.price,
      isSilver: pkg.pkg.isSilver,
      state: 'WAITPTCONFIRM',
      createdAt: ctx.now,
    })
    .returning({ id: ptContracts.id });
  return { ptContractId: made.id, existing: false };
}

/** Locks one of the caller's PT contracts (404 otherwise). */
async function lockOwn(tx: Executor, accountId: number, ptContractId: number) {
  const [row] = await tx
    .select()
    .from(ptContracts)
    .where(and(eq(ptContracts.id, ptContractId), eq(ptContracts.accountId, accountId)))
    .for('update');
  if (!row) throw ptContractNotFound();
  return row;
}

async function openAttempt(db: Executor, ptContractId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.ptContractId, ptContractId), eq(payments.status, 'PENDING')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/**
 * POST /member/pt-contract/{id}/transaction/pay: opens an attempt by the chosen method, or answers
 * the open one when it is the same method (a double tap pays once). Only once the trainer accepted.
 */
export async function payPtContract(ctx: PurchaseContext, ptContractId: number, choice: PayChoice) {
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const contract = await lockOwn(tx, ctx.accountId, ptContractId);
    if (contract.state !== 'WAITFORPAYMENT') throw new ApiError(409, Codes.VALIDATION);
    const savedCard = await checkPayChoice(tx, ctx.accountId, choice);
    const open = await openAttempt(tx, ptContractId);
    const same = open && open.method === choice.method && (open.savedCardId ?? null) === (savedCard?.id ?? null);
    if (same) return;
    await tx
      .update(payments)
      .set({ status: 'FAIL' })
      .where(and(eq(payments.ptContractId, ptContractId), eq(payments.status, 'PENDING')));
    await startPayment(tx, ctx.config, {
      ptContract: { id: contract.id, accountId: contract.accountId, price: contract.price },
      method: choice.method,
      lang: ctx.lang,
      clientIp: ctx.clientIp,
      now: ctx.now,
      savedCard,
    });
  });
  return ptContractDetail(ctx.db, ctx.accountId, ptContractId, ctx.now);
}

/** PUT /member/pt-contract/{id}/cancel: the member withdraws before paying (a paid package is not cancelled here). */
export async function cancelPtContract(ctx: PurchaseContext, ptContractId: number) {
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const contract = await lockOwn(tx, ctx.accountId, ptContractId);
    if (contract.state === 'CANCELLED') return;
    if (contract.state !== 'WAITPTCONFIRM' && contract.state !== 'WAITFORPAYMENT')
      throw new ApiError(409, Codes.VALIDATION);
    await tx
      .update(payments)
      .set({ status: 'FAIL' })
      .where(and(eq(payments.ptContractId, ptContractId), eq(payments.status, 'PENDING')));
    await tx.update(ptContracts).set({ state: 'CANCELLED', closedAt: ctx.now }).where(eq(ptContracts.id, ptContractId));
  });
  return ptContractDetail(ctx.db, ctx.accountId, ptContractId, ctx.now);
}

/** The trainer's requests waiting for an answer, oldest first (their agenda; issue 17 builds the screen). */
export async function trainerRequests(db: Executor, trainerId: number, now: Date): Promise<TrainerRequest[]> {
  const today = vietnamDay(now);
  const rows = await contractSelect(db)
    .where(and(eq(ptContracts.trainerAccountId, trainerId), eq(ptContracts.state, 'WAITPTCONFIRM')))
    .orderBy(asc(ptContracts.createdAt), asc(ptContracts.id));
  if (rows.length === 0) return [];
  // Who asks: the trainer calls them before saying yes (issue 17's agenda).
  const members = await db
    .select({ id: ptContracts.id, fullName: accounts.fullName, phoneNumber: accounts.phoneNumber })
    .from(ptContracts)
    .innerJoin(accounts, eq(accounts.id, ptContracts.accountId))
    .where(
      inArray(
        ptContracts.id,
        rows.map((row) => row.contract.id),
      ),
    );
  const byContract = new Map(members.map(({ id, ...member }) => [id, member]));
  return rows.map((row) => ({ ...toPtContract(row, today), member: byContract.get(row.contract.id)! }));
}

/**
 * PUT /staff/pt-contract/{id}/accept or /reject: the trainer the member chose answers (another
 * trainer gets 404). Answering twice the same way changes nothing; the member is told.
 */
export async function answerPtContract(
  db: Executor,
  trainerId: number,
  ptContractId: number,
  accept: boolean,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [contract] = await tx
      .select()
      .from(ptContracts)
      .where(and(eq(ptContracts.id, ptContractId), eq(ptContracts.trainerAccountId, trainerId)))
      .for('update');
    if (!contract) throw ptContractNotFound();
    const target: PtContractState = accept ? 'WAITFORPAYMENT' : 'REJECTED';
    if (contract.state === target || (accept && contract.state === 'PAID'))
      return { ptContractId, state: contract.state };
    if (contract.state !== 'WAITPTCONFIRM') throw new ApiError(409, Codes.VALIDATION);
    await tx
      .update(ptContracts)
      .set({ state: target, answeredAt: now, closedAt: accept ? null : now })
      .where(eq(ptContracts.id, ptContractId));
    const subject = { subjectType: 'pt-contract', subjectId: ptContractId, clubId: contract.clubId };
    await recordStaffAction(tx, {
      actorAccountId: trainerId,
      action: accept ? 'pt-contract.accept' : 'pt-contract.reject',
      ...subject,
      ...fieldChange('state', contract.state, target),
      at: now,
    });
    const [trainer] = await tx.select({ fullName: accounts.fullName }).from(accounts).where(eq(accounts.id, trainerId));
    await enqueueNotice(
      tx,
      contract.accountId,
      accept
        ? notice(
            'pt.trainerAccepted',
            { trainer: trainer.fullName },
            { kind: 'PT', link: `/pt/payment/result/${String(ptContractId)}` },
          )
        : notice('pt.trainerDeclined', { trainer: trainer.fullName }, { kind: 'PT', link: '/pt/select-pt' }),
      now,
    );
    return { ptContractId, state: target };
  });
}
