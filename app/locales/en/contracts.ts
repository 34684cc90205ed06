import type { Shape } from '#api/translate.ts';
import type { contracts as vi } from '#app/locales/vi/contracts.ts';

/** English texts of what was bought and paid, as cards and rows; the same keys as vi/contracts.ts. */
export const contracts: Shape<typeof vi> = {
  contract: {
    allClubs: 'All clubs',
    /** A gift membership's card: no money moved (ADR 035). */
    giftTotal: 'Gift · free',
    frozenNow: 'Frozen until {{to}}',
    frozenComing: 'Frozen from {{from}} to {{to}}',
    methodLegend: 'Payment method',
    savedCard: '{{bank}} card •••• {{last4}}',
    newCard: 'A new card',
    chooseMethod: 'Please choose a payment method.',
    /** On a contract's card: money arrived that is not booked (receipt.unbooked says more where the contract is shown). */
    unbookedShort: 'Received {{amount}} · waiting for the club',
    method: { qr: 'Bank transfer (QR)', card: 'Debit or credit card', cash: 'Cash at the counter' },
    status: {
      WAITFORPAYMENT: 'Waiting for payment',
      CURRENT: 'Active',
      FUTURE: 'Future',
      PAST: 'Expired',
      FAIL: 'Not completed',
      CANCELLED: 'Cancelled',
      EXPIRED: 'Payment time ran out',
    },
    txStatus: {
      WAITFORPAYMENT: 'Waiting for payment',
      SUCCESS: 'Successful',
      FAIL: 'Failed',
      CANCELLED: 'Cancelled',
      EXPIRED: 'Expired',
    },
    type: { JOINING_FEE: 'Joining fee', MEMBERSHIP_FEE: 'Membership fee', FREEZE_CONTRACT: 'Freeze fee' },
  },
};
