/** Vietnamese texts of các chuyển khoản cần xem xét (/staff/payments) in the staff area (issue 17). */
export const staffPayments = {
  staffPayments: {
    title: 'Chuyển khoản cần xem xét',
    lead: 'Tiền về tài khoản câu lạc bộ nhưng không khớp thanh toán nào: sai số tiền, quá hạn hoặc sai nội dung. Liên hệ hội viên, hoàn tiền hoặc ghi nhận tay, rồi đánh dấu đã xem xét.',
    emptyTitle: 'Không có chuyển khoản nào cần xem xét',
    emptyText: 'Chuyển khoản không khớp sẽ hiện ở đây.',
    outcome: {
      matched: 'Đã khớp',
      declined: 'Bị từ chối',
      wrong_amount: 'Sai số tiền',
      late: 'Chuyển sau khi hết hạn',
      unmatched: 'Không rõ nội dung',
      ignored: 'Bỏ qua',
    },
    expected: 'Số tiền cần trả',
    memo: 'Nội dung',
    reference: 'Mã thanh toán',
    received: 'Nhận lúc',
    markReviewed: 'Đánh dấu đã xem xét',
    reviewedToast: 'Đã đánh dấu đã xem xét.',
  },
} as const;
