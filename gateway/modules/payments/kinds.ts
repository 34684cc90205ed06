import type { Executor } from '#gateway/db/client.ts';
import type { PaymentRow } from './start.ts';

// The payable kinds (ADR 072). Payments knows how money arrives (bank transfer, VNPAY, the cash
// desk), locks the payment row and checks the amount; what the money buys — a membership, a
// freeze's fee, a PT package, and whatever comes later — registers here how it is settled, what
// happens when its attempts lapse and how it is named to the member. Payments calls no domain by
// name: gateway/payables.ts registers the kinds when the gateway app is made.

export type SettleInput = {
  paymentId: number;
  /** What the provider says arrived, in VND. */
  amount: number;
  providerTransactionId: string;
  paidAt: Date;
  /** Staff account for cash. */
  confirmedBy?: number;
};

export type SettleOutcome =
  /** The contract is now paid (FUTURE or CURRENT). */
  | { kind: 'settled'; contractId: number | null; accountId: number }
  /** This payment was already settled: nothing changed. */
  | { kind: 'already'; contractId: number | null }
  /** The amount differs: nothing changed; staff must look. */
  | { kind: 'wrong_amount'; contractId: number | null; expected: number }
  /** The payment expired or failed, or the contract was paid another way: nothing changed; staff must look. */
  | { kind: 'late'; contractId: number | null };
// contractId: the membership paid or paused; null for a PT package (ADR 045).

/** What a payment is for, as the member knows it (the notice of money that could not be booked). */
export type PaidItem = {
  accountId: number;
  total: number;
  nameVi: string;
  nameEn: string;
  alreadyPaid: boolean;
  noun: string;
  link: string;
};

export type PayableKind = {
  /** 'membership', 'freeze', 'pt'. */
  name: string;
  /** Whether this payment row pays this kind: exactly one kind pays each row. */
  pays: (payment: PaymentRow) => boolean;
  /**
   * Settles the payment inside the transaction that holds its row (locked, PENDING or not, the
   * amount already checked): books the money with `bookPaymentIn` and makes the thing paid, or
   * answers 'late' and changes nothing.
   */
  settleIn: (tx: Executor, payment: PaymentRow, input: SettleInput, now: Date) => Promise<SettleOutcome>;
  /** After some of its attempts lapsed (EXPIRED, in this transaction): what is left with no open attempt fails. How many failed. */
  expireIn?: (tx: Executor, lapsed: PaymentRow[], now: Date) => Promise<number>;
  /** What the payment is for, as the member knows it. */
  describeIn: (tx: Executor, payment: PaymentRow) => Promise<PaidItem | undefined>;
};

/** What happens when VNPAY confirms a new card (token_create), e.g. a subscription waiting for it. */
export type CardSavedIn = (tx: Executor, cardRequestId: number, savedCardId: number) => Promise<void>;

const kinds = new Map<string, PayableKind>();
const cardSavedHandlers = new Map<string, CardSavedIn>();

/** Registers a payable kind (again: replaces it, so making a second gateway app in a process is harmless). */
export function registerPayableKind(kind: PayableKind) {
  kinds.set(kind.name, kind);
}

export function registerCardSaved(name: string, handler: CardSavedIn) {
  cardSavedHandlers.set(name, handler);
}

/** The kind that pays this payment row. */
export function kindOf(payment: PaymentRow): PayableKind {
  const found = [...kinds.values()].filter((kind) => kind.pays(payment));
  if (found.length !== 1) {
    throw new Error(
      `payment ${String(payment.id)} is paid by ${found.length === 0 ? 'no registered kind' : found.map((k) => k.name).join(' and ')}`,
    );
  }
  return found[0];
}

/** Every registered kind, in the order registered (the order expiry visits them). */
export const payableKinds = () => [...kinds.values()];

export const cardSavedIn: CardSavedIn = async (tx, cardRequestId, savedCardId) => {
  for (const handler of cardSavedHandlers.values()) await handler(tx, cardRequestId, savedCardId);
};
