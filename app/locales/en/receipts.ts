import type { Shape } from '#api/translate.ts';
import type { receipts as vi } from '#app/locales/vi/receipts.ts';

/** English texts of a receipt and of money not booked; the same keys as vi/receipts.ts. */
export const receipts: Shape<typeof vi> = {
  receipt: {
    title: 'Receipt',
    successful: 'Payment successful',
    pending: 'Payment pending',
    club: 'Club',
    membership: 'Membership',
    duration: 'Duration',
    period: 'Valid',
    paymentDate: 'Payment date',
    notPaidYet: 'Not paid yet',
    method: 'Method',
    transactionId: 'Transaction ID',
    membershipFee: 'Plan price (list)',
    startupFee: 'Joining fee',
    planDiscount: 'Plan offer',
    promoDiscount: 'Promo code',
    referral: 'Referral',
    referralText: 'Code {{code}}: +{{days}} days',
    total: 'Total paid',
    unbooked: {
      title: 'We received your money',
      received: 'Received {{amount}} at {{time}}.',
      wrongAmount: 'It does not match the {{due}} due, so the membership was not activated automatically.',
      late: 'It arrived after the payment request had ended, so the membership was not activated automatically.',
      paidTwice: 'This membership was already paid, so this is an extra payment.',
      next: 'The club will contact you within 1 working day to activate the membership or refund you. You do not need to transfer again.',
      reviewed: 'The club has noted this payment. If nobody has contacted you yet, call:',
      call: 'Call the club {{hotline}}',
    },
  },
};
