/** Vietnamese texts of the membership domain (the default language; en/membership.ts has the same keys). */
export const membership = {
  membership: {
    title: 'Gói tập',
    notFound: 'Không tìm thấy câu lạc bộ hoặc gói tập này.',
    backToClubs: 'Câu lạc bộ',
    chooseClub: 'Chọn câu lạc bộ và gói tập',
    card: {
      originalPrice: 'Giá gốc',
      perMonth: '/tháng',
      pricePerMonth: 'Chỉ {{price}}/tháng',
      duration: 'Thời hạn',
      joiningFee: 'Phí gia nhập',
      joiningFeeWaived: 'Miễn phí',
      discount: 'Ưu đãi',
      save: 'Giảm {{amount}}',
      offerDetail: 'Xem chi tiết ưu đãi',
      firstPayment: 'Thanh toán lần đầu',
      nextPayment: 'Từ tháng sau: {{amount}}/tháng',
      coupon: 'Mã {{code}}',
      select: 'Chọn',
      nextTitle: 'Thanh toán tiếp theo',
      selectPlan: 'Chọn gói {{plan}}',
      freePt: 'Buổi PT miễn phí',
      freePtText: '{{count}} buổi trong {{days}} ngày đầu',
    },
  },
  // ── payment & history (issue 4, W2) ──
} as const;
