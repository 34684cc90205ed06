import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { paymentEvents } from '#gateway/db/schema/index.ts';
import { toPayment, type PaymentClub, type PaymentRow } from './start.ts';

/**
 * What a freeze's or a PT package's page shows of its money (ADR 036, 045): the attempt that paid it
 * (or else the newest), with any money that reached that attempt but was not booked, and the
 * receipt once paid. `attempts` in id order.
 */
export async function shownPayment(db: Executor, attempts: PaymentRow[], club: PaymentClub) {
  const paid = attempts.find((p) => p.status === 'SUCCESS');
  const shown = paid ?? attempts.at(-1);
  const unbooked = shown
    ? await db
        .select({
          amount: paymentEvents.amount,
          createdAt: paymentEvents.createdAt,
          outcome: paymentEvents.outcome,
          needsReview: paymentEvents.needsReview,
        })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.paymentId, shown.id), sql`${paymentEvents.outcome} in ('wrong_amount', 'late')`))
    : [];
  return {
    payment: shown
      ? toPayment(
          shown,
          club,
          unbooked.map((u) => ({
            amount: u.amount,
            receivedAt: u.createdAt.toISOString(),
            reason: u.outcome === 'wrong_amount' ? ('wrong_amount' as const) : ('late' as const),
            reviewed: !u.needsReview,
          })),
        )
      : null,
    receipt:
      paid?.paidAt != null
        ? {
            paymentDate: paid.paidAt.toISOString(),
            transactionId:
              paid.provider === 'vnpay' && paid.providerTransactionId ? paid.providerTransactionId : paid.reference,
            paymentMethod: paid.method,
            totalPayment: paid.amount,
          }
        : null,
  };
}
