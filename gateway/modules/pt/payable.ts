import { eq } from 'drizzle-orm';
import { formatDate } from '#api/format.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { payments, ptContracts, ptPackages } from '#gateway/db/schema/index.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import type { PaidItem, PayableKind, SettleInput, SettleOutcome } from '#gateway/modules/payments/kinds.ts';
import { bookPaymentIn } from '#gateway/modules/payments/settle.ts';
import type { PaymentRow } from '#gateway/modules/payments/start.ts';
import { ptStartAt } from './pt-contracts.ts';
import { createEContractIn } from './e-contracts.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

/**
 * Settles a PT package's payment (ADR 045; the payment row is already locked by settlePaymentIn and
 * its amount checked): the contract is paid and its days begin with the membership that opens the
 * club (today, or that membership's first day), for `validity_days` days. Money that arrives after
 * the member withdrew, or twice, is left for staff ('late').
 */
async function settlePtContractIn(
  tx: Executor,
  payment: PaymentRow,
  input: SettleInput,
  now: Date,
): Promise<SettleOutcome> {
  const id = payment.ptContractId!;
  const [contract] = await tx.select().from(ptContracts).where(eq(ptContracts.id, id)).for('update');
  if (payment.status !== 'PENDING' || contract.state !== 'WAITFORPAYMENT') return { kind: 'late', contractId: null };
  const today = vietnamDay(input.paidAt);
  // The money is real: if the membership ended or froze in between, the package still starts today.
  const start = await ptStartAt(tx, contract.accountId, contract.clubId, today);
  const startDate = start.ok ? start.startDate : today;
  const endDate = addDays(startDate, contract.validityDays - 1);

  await bookPaymentIn(tx, payment, input, { attempts: eq(payments.ptContractId, id), fees: null });
  await tx
    .update(ptContracts)
    .set({ state: 'PAID', paidAt: input.paidAt, startDate, endDate })
    .where(eq(ptContracts.id, id));
  // The e-contract to sign (ADR 047), from the facts as paid, in this transaction.
  await createEContractIn(tx, contract);
  const [pkg] = await tx
    .select({ nameVi: ptPackages.nameVi, nameEn: ptPackages.nameEn })
    .from(ptPackages)
    .where(eq(ptPackages.id, contract.ptPackageId));
  const [from, to] = [formatDate(startDate), formatDate(endDate)];
  await enqueueNotice(
    tx,
    contract.accountId,
    notice(
      'pt.paid',
      { package: { vi: pkg.nameVi, en: pkg.nameEn }, sessions: contract.sessions, from, to },
      { kind: 'PAYMENT', link: '/pt/contract' },
    ),
    now,
  );
  return { kind: 'settled', contractId: null, accountId: contract.accountId };
}

/** The PT package a payment is for, as the member knows it. */
async function describePtContractIn(tx: Executor, payment: PaymentRow): Promise<PaidItem | undefined> {
  const id = payment.ptContractId!;
  const [row] = await tx
    .select({
      accountId: ptContracts.accountId,
      state: ptContracts.state,
      total: ptContracts.price,
      nameVi: ptPackages.nameVi,
      nameEn: ptPackages.nameEn,
    })
    .from(ptContracts)
    .innerJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .where(eq(ptContracts.id, id));
  return row && { ...row, alreadyPaid: row.state === 'PAID', noun: 'PT package', link: `/history/pt/${String(id)}` };
}

/** A PT package as a payable kind (ADR 072). A lapsed attempt leaves it payable: the trainer's yes does not lapse (ADR 045). */
export const ptPackageKind: PayableKind = {
  name: 'pt',
  pays: (payment) => payment.ptContractId !== null,
  settleIn: settlePtContractIn,
  describeIn: describePtContractIn,
};
