/** Vietnamese texts of trang Hôm nay của quầy (/staff) in the staff area (issue 17). */
export const staffToday = {
  staffToday: {
    title: 'Xin chào, {{name}}',
    lead: 'Việc cần làm tại quầy hôm nay.',
    cashWaiting: '{{count}} khoản chờ thu tiền mặt',
    cashNone: 'Không có khoản nào chờ thu tiền mặt',
    trialsWaiting_other: '{{count}} buổi tập thử chờ xếp lịch',
    trialsNone: 'Không có buổi tập thử nào chờ xếp lịch',
    feedbackNew: '{{count}} góp ý, báo cáo mới chờ trả lời',
    feedbackNone: 'Không có góp ý mới',
    classes: 'Lớp học hôm nay: {{count}}',
    scanner: 'Mở máy quét check-in',
  },
} as const;
