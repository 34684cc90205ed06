/** Vietnamese texts of what was bought and paid as cards and rows (statuses, methods, fee types), shared by the history, plan, freeze and payment pages (the default language; en/contracts.ts has the same keys). */
export const contracts = {
  contract: {
    allClubs: 'Tất cả câu lạc bộ',
    /** A gift membership's card: no money moved (ADR 035). */
    giftTotal: 'Quà tặng · miễn phí',
    frozenNow: 'Đang bảo lưu đến {{to}}',
    frozenComing: 'Sẽ bảo lưu từ {{from}} đến {{to}}',
    methodLegend: 'Phương thức thanh toán',
    savedCard: 'Thẻ {{bank}} •••• {{last4}}',
    newCard: 'Thẻ mới',
    chooseMethod: 'Vui lòng chọn một phương thức thanh toán.',
    /** On a contract's card: money arrived that is not booked (receipt.unbooked says more where the contract is shown). */
    unbookedShort: 'Đã nhận {{amount}} · chờ CLB xử lý',
    method: { qr: 'Chuyển khoản ngân hàng (QR)', card: 'Thẻ ATM / thẻ tín dụng', cash: 'Tiền mặt tại quầy' },
    status: {
      WAITFORPAYMENT: 'Chờ thanh toán',
      CURRENT: 'Đang hoạt động',
      FUTURE: 'Sắp tới',
      PAST: 'Đã hết hạn',
      FAIL: 'Không thành công',
      CANCELLED: 'Đã hủy',
      EXPIRED: 'Hết hạn thanh toán',
    },
    txStatus: {
      WAITFORPAYMENT: 'Chờ thanh toán',
      SUCCESS: 'Thành công',
      FAIL: 'Thất bại',
      CANCELLED: 'Đã hủy',
      EXPIRED: 'Hết hạn',
    },
    type: { JOINING_FEE: 'Phí gia nhập', MEMBERSHIP_FEE: 'Phí hội viên', FREEZE_CONTRACT: 'Phí bảo lưu' },
  },
} as const;
