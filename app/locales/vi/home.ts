/** Vietnamese texts of the home domain (the default language; en/home.ts has the same keys). */
export const home = {
  home: {
    greeting: 'Xin chào, {{name}}!',
    greetingNoName: 'Xin chào!',
    lead: 'Chào mừng bạn đến với VietFit. Gói tập, lịch PT và chỉ số InBody của bạn sẽ hiện ở đây.',
    signOut: 'Đăng xuất',
  },
  homeCard: {
    yourMembership: 'Gói tập của bạn',
    upcoming: 'Gói tập sắp tới',
    validUntil: 'Hiệu lực đến {{date}}',
    startsOn: 'Bắt đầu từ {{date}}',
    frozenUntil: 'Đang bảo lưu đến {{date}}',
    checkIn: 'Check-in',
    yourPlan: 'Xem gói tập',
    noMembershipTitle: 'Bạn chưa có gói tập',
    noMembershipText: 'Chọn câu lạc bộ và gói phù hợp để bắt đầu tập.',
    joinNow: 'Tham gia ngay',
    waiting: 'Gói {{plan}} ({{amount}}) đang chờ thanh toán.',
    completePayment: 'Hoàn tất thanh toán',
    yourPlanTitle: 'Gói tập của tôi',
    current: 'Đang hoạt động',
    future: 'Sắp tới',
    waitingTitle: 'Chờ thanh toán',
    accessClubs: 'Câu lạc bộ bạn được vào tập',
    noAccessClubs: 'Chưa có câu lạc bộ nào: gói tập chưa bắt đầu.',
  },
} as const;
