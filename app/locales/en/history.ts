import type { Shape } from '#api/translate.ts';
import type { history as vi } from '#app/locales/vi/history.ts';

export const history: Shape<typeof vi> = {
  history: {
    title: 'History',
    tabsLabel: 'History type',
    memberships: 'Memberships',
    transactions: 'Transactions',
    ptPackages: 'PT packages',
    emptyMemberships: 'No memberships yet',
    emptyTransactions: 'No transactions yet',
    emptyText: 'Your memberships and payments will show here.',
    detailTitle: 'Membership details',
    contractNo: 'Contract no.',
    createdAt: 'Created',
    signDate: 'Paid on',
    promotionCode: 'Promo code',
    bonusDays: 'Bonus days',
    bonusDaysValue: '+{{days}} days',
    timeline: 'Timeline',
    event: {
      created: 'Purchase requested',
      paid: 'Paid',
      failed: 'Cancelled / expired',
      cancelled: 'You cancelled the request',
      expired: 'Payment time ran out',
      starts: 'Starts',
      ends: 'Ends',
    },
    receipts: 'Receipts',
    noReceipts: 'No receipts yet.',
    askFreeze: 'Freeze this membership',
    frozenBanner: 'Frozen from {{from}} to {{to}} · See details',
  },
};
