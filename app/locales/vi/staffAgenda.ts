/** Vietnamese texts of lịch dạy của huấn luyện viên (/staff/agenda) in the staff area (issue 17). */
export const staffAgenda = {
  staffAgenda: {
    title: 'Lịch dạy',
    lead: 'Yêu cầu gói PT, và các buổi tập hôm nay, trong tuần tới hoặc từ hôm nay trở đi.',
    requests: 'Yêu cầu đăng ký gói PT',
    requestsNone: 'Không có yêu cầu đăng ký nào đang chờ.',
    package: '{{name}} · {{price}}',
    accept: 'Đồng ý',
    decline: 'Từ chối',
    sessions: 'Buổi tập',
    notClosed: 'Chưa đóng',
    notClosedLead:
      'Buổi tập đã xác nhận của những ngày trước nhưng chưa được ghi nhận hoàn thành hay vắng mặt. Hãy ghi nhận từng buổi để hội viên có thể đánh giá buổi tập.',
    views: { today: 'Hôm nay', week: '7 ngày tới', all: 'Tất cả' },
    none: {
      today: 'Hôm nay không có buổi tập nào.',
      week: 'Không có buổi tập nào trong 7 ngày tới.',
      all: 'Chưa có buổi tập nào từ hôm nay.',
    },
    noShow: 'Hội viên vắng mặt',
    trial: 'Tập thử',
    sessionsLeft_other: 'Còn {{count}} buổi',
    confirm: 'Xác nhận',
    complete: 'Hoàn thành buổi tập',
    status: {
      WAITPTCONFIRM: 'Chờ bạn xác nhận',
      WAITCUSCONFIRM: 'Chờ hội viên đồng ý',
      BOOKED: 'Đã xác nhận',
      COMPLETED: 'Đã hoàn thành',
      NO_SHOW: 'Hội viên vắng mặt',
    },
    done: {
      'no-show': 'Đã ghi nhận hội viên vắng mặt; buổi tập được tính.',
      confirm: 'Đã xác nhận buổi tập.',
      reject: 'Đã từ chối buổi tập.',
      complete: 'Đã hoàn thành buổi tập.',
      accept: 'Đã đồng ý: hội viên có thể thanh toán gói.',
      decline: 'Đã từ chối yêu cầu.',
    },
  },
} as const;
