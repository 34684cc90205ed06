/** English texts of the transfers to review (/staff/payments) in the staff area (issue 17). */
export const staffPayments = {
  staffPayments: {
    title: 'Transfers to review',
    lead: 'Money that reached the club’s account but matched no payment: a wrong amount, too late, or an unknown memo. Call the member, refund or match it by hand, then mark it reviewed.',
    emptyTitle: 'Nothing to review',
    emptyText: 'Transfers that do not match show here.',
    outcome: {
      matched: 'Matched',
      declined: 'Declined',
      wrong_amount: 'Wrong amount',
      late: 'After the payment expired',
      unmatched: 'Unknown memo',
      ignored: 'Ignored',
    },
    expected: 'Amount due',
    memo: 'Memo',
    reference: 'Payment reference',
    received: 'Received',
    markReviewed: 'Mark reviewed',
    reviewedToast: 'Marked reviewed.',
  },
} as const;
