import { randomBytes } from 'node:crypto';
import { addMinutes } from './dates.ts';
import { bankByBin } from '#api/banks.ts';
import type { Lang } from '#api/codes.ts';
import { PAYMENT_WINDOW_MINUTES, PaymentMethods, type Payment, type PaymentMethodId } from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { payments, type clubs, type contracts } from '#gateway/db/schema/index.ts';
import type { GatewayConfig } from '#gateway/config.ts';
import { transferMemo } from '#gateway/providers/bank-transfer/memo.ts';
import { buildVietQrPayload } from '#gateway/providers/bank-transfer/vietqr.ts';
import { buildVnpayPayUrl, buildVnpayTokenPayUrl } from '#gateway/providers/card/vnpay.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';

// Opening a payment attempt for an unpaid contract, per method (§3 payment method QR=1, CARD=2,
// CASH=3). Settling it is settle.ts's job.

type ContractRow = typeof contracts.$inferSelect;
type ClubRow = typeof clubs.$inferSelect;
/** What a payment's view needs of its club: the receiving account, and the counter for cash. */
export type PaymentClub = Pick<
  ClubRow,
  'nameVi' | 'nameEn' | 'address' | 'districtName' | 'hotline' | 'bankBin' | 'bankAccountNumber' | 'bankAccountName'
>;
export type PaymentRow = typeof payments.$inferSelect;

type StartPaymentCommon = {
  method: PaymentMethodId;
  lang: Lang;
  clientIp: string;
  now: Date;
  /** Card payments with a saved card: its VNPAY token (token_pay). */
  savedCard?: { id: number; token: string } | null;
};

/** What is paid: a membership, a freeze of one (ADR 036), or a PT package (ADR 045). */
export type StartPaymentInput = StartPaymentCommon &
  (
    | { contract: ContractRow; freeze?: { id: number; price: number } | null }
    | { ptContract: { id: number; accountId: number; price: number } }
  );

/** The payment row's columns for what it pays, its amount, and the tag its references and order text carry. */
function payableOf(input: StartPaymentInput) {
  if ('ptContract' in input) {
    const { id, accountId, price } = input.ptContract;
    return {
      columns: { contractId: null, freezeContractId: null, ptContractId: id, accountId },
      amount: price,
      tag: `P${String(id)}`,
      orderInfo: `Thanh toan goi PT ${String(id)}`,
    };
  }
  const { contract, freeze } = input;
  return {
    columns: {
      contractId: contract.id,
      freezeContractId: freeze?.id ?? null,
      ptContractId: null,
      accountId: contract.accountId,
    },
    amount: freeze ? freeze.price : contract.totalPayment,
    tag: String(contract.id),
    orderInfo: freeze ? `Thanh toan bao luu ${String(freeze.id)}` : `Thanh toan hop dong ${String(contract.id)}`,
  };
}

/** A reference that is unique for ever: the unique index (provider, reference) backs it up. */
const cardReference = (tag: string) => `VF${tag}${randomBytes(5).toString('hex').toUpperCase()}`;

export async function startPayment(tx: Executor, config: GatewayConfig, input: StartPaymentInput): Promise<PaymentRow> {
  const { method, now } = input;
  const { columns, amount, tag, orderInfo } = payableOf(input);
  const base = { ...columns, method, amount, status: 'PENDING' as const, createdAt: now };
  if (method === PaymentMethods.CASH) {
    const [row] = await tx
      .insert(payments)
      .values({
        ...base,
        provider: 'cash',
        reference: `CASH${tag}${randomBytes(4).toString('hex').toUpperCase()}`,
        expiresAt: null,
      })
      .returning();
    return row;
  }
  const expiresAt = addMinutes(now, PAYMENT_WINDOW_MINUTES);
  if (method === PaymentMethods.QR) {
    // 40 random bits; on the rare clash the unique index refuses and we draw again.
    for (let attempt = 0; ; attempt++) {
      const memo = transferMemo();
      const inserted = await tx
        .insert(payments)
        .values({ ...base, provider: 'vietqr', reference: memo, expiresAt })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return inserted[0];
      if (attempt > 5) throw new Error('could not draw a unique transfer memo');
    }
  }
  const settings = vnpaySettings(config);
  const reference = cardReference(tag);
  const order = {
    ...settings,
    txnRef: reference,
    amount,
    orderInfo,
    locale: input.lang,
    clientIp: input.clientIp,
    createdAt: now,
  };
  // A saved card pays through VNPAY's token page (token_pay). The token rides only in this signed
  // URL to VNPAY (ADR 011): without our hash secret nobody can make another request with it.
  const payUrl = input.savedCard
    ? buildVnpayTokenPayUrl({ ...order, appUserId: String(columns.accountId), token: input.savedCard.token })
    : buildVnpayPayUrl({ ...order, expiresAt });
  const [row] = await tx
    .insert(payments)
    .values({ ...base, provider: 'vnpay', reference, expiresAt, payUrl, savedCardId: input.savedCard?.id ?? null })
    .returning();
  return row;
}

/** The member-facing view of a payment attempt, with the QR payload rebuilt from the stored facts. */
export function toPayment(row: PaymentRow, club: PaymentClub, unbooked: Payment['unbooked']): Payment {
  const bank = club.bankBin ? bankByBin(club.bankBin) : undefined;
  const qr =
    row.provider === 'vietqr' && bank && club.bankAccountNumber && club.bankAccountName
      ? {
          payload: buildVietQrPayload({
            bin: bank.bin,
            accountNumber: club.bankAccountNumber,
            amount: row.amount,
            memo: row.reference,
          }),
          bankBin: bank.bin,
          bankCode: bank.code,
          bankShortName: bank.shortName,
          accountNumber: club.bankAccountNumber,
          accountName: club.bankAccountName,
          memo: row.reference,
        }
      : null;
  return {
    id: row.id,
    contractId: row.contractId,
    freezeContractId: row.freezeContractId,
    ptContractId: row.ptContractId,
    method: row.method,
    status: row.status,
    amount: row.amount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    qr,
    payUrl: row.status === 'PENDING' ? row.payUrl : null,
    responseCode: row.responseCode,
    counter:
      row.provider === 'cash'
        ? {
            clubNameVi: club.nameVi,
            clubNameEn: club.nameEn,
            address: `${club.address}, ${club.districtName}`,
            hotline: club.hotline,
            reference: row.reference,
          }
        : null,
    unbooked,
  };
}
