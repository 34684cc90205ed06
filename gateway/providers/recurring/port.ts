// The recurring-payment port (issue 12 §2, ADR 038): charging a saved card without the member,
// under an agreement ("thanh toán định kỳ") made for that card. Where no agreement exists the
// renewal job sends the member a pay link instead (token_pay, with the bank's OTP).

export type RecurringCard = { token: string; appUserId: string; cardNumber: string };

export type ChargeRequest = {
  recurringId: string;
  card: RecurringCard;
  /** Our payment reference: charging the same reference twice charges once (VNPAY: "không được trùng lặp"). */
  reference: string;
  amount: number;
  orderInfo: string;
  now: Date;
};

export type ChargeResult =
  | { ok: true; transactionNo: string }
  /** Declined by the bank or the provider; `responseCode` is VNPAY's (51 insufficient balance, 12 card locked…). */
  | { ok: false; responseCode: string };

export type RecurringPort = {
  /** Stored as the payment's provider: every card charge is a 'vnpay' payment, this names how it was made. */
  name: 'vnpay-recurring' | 'sandbox-recurring';
  /** An agreement for this card, or null when the card (or the merchant) cannot be charged without the member. */
  register(card: RecurringCard, reference: string, now: Date): Promise<{ recurringId: string } | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
};

export class RecurringProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecurringProviderError';
  }
}
