import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { CashPayableKind, PaymentEvent, WaitingCashContract } from '#api/staff.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  accounts,
  clubs,
  contracts,
  freezeContracts,
  paymentEvents,
  paymentPlans,
  payments,
  ptContracts,
  ptPackages,
} from '#gateway/db/schema/index.ts';
import type { Staff } from '#gateway/modules/accounts/staff.ts';

/** A club restriction for EMPLOYEE/LEADER (one that matches nothing when they have no club); for a GM the club chosen, else none. */
const clubFilter = (staff: Staff, column: SQL, chosen?: number): SQL | undefined =>
  staff.accountType === 'GM'
    ? chosen === undefined
      ? undefined
      : eq(column, chosen)
    : staff.clubId === null
      ? sql`false`
      : eq(column, staff.clubId);

// The cash desk's one list (issue 38 §1, ADR 063) is read from the payments: every open cash slip
// whose payable still waits, whatever it pays. A new kind of payable is a column of `payments`, a
// join and a branch of `cashKindOf`, `cashIsDue` and the names below; the list, the count, the
// confirmation and the receipt follow.
const trainers = alias(accounts, 'trainer');
/** The club whose counter takes the money: the membership's (a freeze's too) or the PT package's. */
const payableClubId = sql<number>`coalesce(${contracts.clubId}, ${ptContracts.clubId})`;
const cashKindOf = (row: { freezeContractId: number | null; ptContractId: number | null }): CashPayableKind =>
  row.ptContractId !== null ? 'pt' : row.freezeContractId !== null ? 'freeze' : 'membership';
/** The payable is still unpaid: the freeze, the PT package, or else the membership itself. */
const cashIsDue = or(
  eq(freezeContracts.paymentState, 'WAITFORPAYMENT'),
  eq(ptContracts.state, 'WAITFORPAYMENT'),
  and(isNull(payments.freezeContractId), eq(contracts.paymentState, 'WAITFORPAYMENT')),
);
const openCash = and(eq(payments.provider, 'cash'), eq(payments.status, 'PENDING'), cashIsDue);

/** The joins from a cash slip to what it pays, its member and its club. */
const withPayable = <T extends PgSelect>(query: T) =>
  query
    .leftJoin(contracts, eq(contracts.id, payments.contractId))
    .leftJoin(freezeContracts, eq(freezeContracts.id, payments.freezeContractId))
    .leftJoin(ptContracts, eq(ptContracts.id, payments.ptContractId))
    .innerJoin(accounts, eq(accounts.id, payments.accountId))
    .innerJoin(clubs, eq(clubs.id, payableClubId));

/** The cash slips matching `where`, each with its member, club and the payable in words, newest first. */
async function cashPayables(db: Executor, where: SQL | undefined, limit: number) {
  const described = db
    .select({
      payment: payments,
      phoneNumber: accounts.phoneNumber,
      fullName: accounts.fullName,
      club: { id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn },
      planNameVi: paymentPlans.nameVi,
      planNameEn: paymentPlans.nameEn,
      freezeDays: freezeContracts.days,
      packageNameVi: ptPackages.nameVi,
      packageNameEn: ptPackages.nameEn,
      trainerName: trainers.fullName,
    })
    .from(payments)
    .$dynamic();
  const rows = await withPayable(described)
    .leftJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .leftJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .leftJoin(trainers, eq(trainers.id, ptContracts.trainerAccountId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map(({ payment, ...row }) => {
    const kind = cashKindOf(payment);
    const plan = { vi: row.planNameVi ?? '', en: row.planNameEn ?? '' };
    const names =
      kind === 'pt'
        ? {
            vi: `${row.packageNameVi ?? ''} · HLV ${row.trainerName ?? ''}`,
            en: `${row.packageNameEn ?? ''} · trainer ${row.trainerName ?? ''}`,
          }
        : kind === 'freeze'
          ? {
              vi: `Bảo lưu ${String(row.freezeDays)} ngày · ${plan.vi}`,
              en: `Freeze of ${String(row.freezeDays)} days · ${plan.en}`,
            }
          : plan;
    return {
      paymentId: payment.id,
      kind,
      contractId: payment.contractId,
      freezeContractId: payment.freezeContractId,
      ptContractId: payment.ptContractId,
      createdAt: payment.createdAt.toISOString(),
      member: { phoneNumber: row.phoneNumber, fullName: row.fullName },
      club: row.club,
      planNameVi: names.vi,
      planNameEn: names.en,
      amount: payment.amount,
      reference: payment.reference,
      paidAt: payment.paidAt?.toISOString() ?? null,
    };
  });
}

/** Everything waiting for cash at the staff member's club (a GM: every club), newest first, one row per payable however many slips. */
export async function waitingCashContracts(
  db: Executor,
  staff: Staff,
  phoneNumber?: string,
): Promise<WaitingCashContract[]> {
  const rows = await cashPayables(
    db,
    and(openCash, clubFilter(staff, payableClubId), phoneNumber ? eq(accounts.phoneNumber, phoneNumber) : undefined),
    200,
  );
  const seen = new Set<string>();
  const key = (row: (typeof rows)[number]) =>
    `${row.kind}${String(row.ptContractId ?? row.freezeContractId ?? row.contractId)}`;
  return rows.filter((row) => !seen.has(key(row)) && seen.add(key(row))).map(({ paidAt: _, ...row }) => row);
}

/** One cash slip described as the list describes it (the receipt's member and item), whatever its state. */
export async function cashPayable(db: Executor, paymentId: number) {
  const [row] = await cashPayables(db, and(eq(payments.id, paymentId), eq(payments.provider, 'cash')), 1);
  return row;
}

/** How many payables waitingCashContracts lists (one each, however many slips), as one scalar query (GET /staff/today). */
export function waitingCashCount(db: Executor, staff: Staff, chosenClubId?: number) {
  const counted = db
    .select({
      n: sql<number>`count(distinct (${payments.contractId}, ${payments.freezeContractId}, ${payments.ptContractId}))::int`,
    })
    .from(payments)
    .$dynamic();
  return withPayable(counted).where(and(openCash, clubFilter(staff, payableClubId, chosenClubId)));
}

/**
 * The cash payment a confirmation applies to: the settled one if any (a repeat), else the open one;
 * a membership's own, one of its freezes' (ADR 036), or a PT package's (ADR 045).
 */
export type CashFor = { contractId: number; freezeContractId: number | null } | { ptContractId: number };

export async function cashPaymentOf(db: Executor, of: CashFor) {
  const which =
    'ptContractId' in of
      ? eq(payments.ptContractId, of.ptContractId)
      : and(
          eq(payments.contractId, of.contractId),
          of.freezeContractId === null
            ? isNull(payments.freezeContractId)
            : eq(payments.freezeContractId, of.freezeContractId),
        );
  const [row] = await db
    .select()
    .from(payments)
    .where(and(which, eq(payments.provider, 'cash'), inArray(payments.status, ['PENDING', 'SUCCESS'])))
    .orderBy(sql`${payments.status} = 'SUCCESS' desc`, desc(payments.id))
    .limit(1);
  return row;
}

const accountNumberOfEvent = sql<string | null>`${paymentEvents.raw}->>'accountNumber'`;
const normalized = (value: SQL) => sql`upper(regexp_replace(${value}, '[[:space:].-]', '', 'g'))`;

/**
 * Events a staff member may see: a GM all; EMPLOYEE/LEADER those of their club's payments, and
 * unmatched money that arrived on their club's account.
 */
async function eventVisibility(db: Executor, staff: Staff): Promise<SQL | undefined> {
  if (staff.accountType === 'GM') return undefined;
  if (staff.clubId === null) return sql`false`;
  const [club] = await db.select({ account: clubs.bankAccountNumber }).from(clubs).where(eq(clubs.id, staff.clubId));
  const ownPayments = eq(contracts.clubId, staff.clubId);
  if (!club?.account) return ownPayments;
  return or(
    ownPayments,
    and(
      isNull(paymentEvents.paymentId),
      sql`${normalized(accountNumberOfEvent)} = ${normalized(sql`${club.account}`)}`,
    ),
  );
}

export async function listPaymentEvents(
  db: Executor,
  staff: Staff,
  filter: { needsReview?: boolean; id?: number; limit: number },
): Promise<PaymentEvent[]> {
  const rows = await db
    .select({
      event: paymentEvents,
      accountNumber: accountNumberOfEvent,
      contractId: payments.contractId,
      clubId: contracts.clubId,
      reference: payments.reference,
      expectedAmount: payments.amount,
    })
    .from(paymentEvents)
    .leftJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .leftJoin(contracts, eq(contracts.id, payments.contractId))
    .where(
      and(
        await eventVisibility(db, staff),
        filter.needsReview === undefined ? undefined : eq(paymentEvents.needsReview, filter.needsReview),
        filter.id === undefined ? undefined : eq(paymentEvents.id, filter.id),
      ),
    )
    .orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id))
    .limit(filter.limit);
  return rows.map(({ event, ...row }) => ({
    id: event.id,
    provider: event.provider,
    externalId: event.externalId,
    amount: event.amount,
    description: event.description,
    outcome: event.outcome,
    needsReview: event.needsReview,
    reviewedBy: event.reviewedBy,
    createdAt: event.createdAt.toISOString(),
    accountNumber: row.accountNumber,
    paymentId: event.paymentId,
    contractId: row.contractId,
    clubId: row.clubId,
    reference: row.reference,
    expectedAmount: row.expectedAmount,
  }));
}

/** The club whose receiving account a payment message names (money that matched no payment), if any. */
export async function clubOfAccountNumber(db: Executor, accountNumber: string | null): Promise<number | null> {
  if (!accountNumber) return null;
  const [row] = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(sql`${normalized(sql`${clubs.bankAccountNumber}`)} = ${normalized(sql`${accountNumber}`)}`)
    .orderBy(clubs.id)
    .limit(1);
  return row?.id ?? null;
}
