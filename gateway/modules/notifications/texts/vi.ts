/**
 * Vietnamese texts of what the gateway says to a member outside the app's pages (issue 40 §6): inbox and push
 * notices (`title`, `body`…), SMS (accented here; sent unaccented, see ../texts.ts), the words an approval code
 * names, and the gifts it grants. en.ts has exactly these keys (Shape); {{name}} is filled from the caller's
 * values and a numeric {{count}} picks the plural form, as in the web app's texts (api/translate.ts).
 */
export const vi = {
  account: {
    welcome: {
      title: 'Chào mừng bạn đến với VietFit!',
      body: 'Tài khoản của bạn đã sẵn sàng. Hãy chọn gói tập phù hợp để bắt đầu, xem lịch lớp và đặt buổi với huấn luyện viên ngay trên ứng dụng.',
    },
    otpSms: 'Mã xác thực của bạn là {{code}}. Mã có hiệu lực trong 5 phút. Không chia sẻ mã này cho bất kỳ ai.',
    approvalSms:
      'Mã xác nhận {{code}} để {{approves}}. Mã chỉ dùng cho việc này, hiệu lực 5 phút. Không chia sẻ mã này cho bất kỳ ai.',
  },
  membership: {
    paid: { title: 'Thanh toán thành công', body: 'Gói {{plan}} của bạn đã được kích hoạt, bắt đầu từ {{start}}.' },
  },
  payments: {
    unbooked: {
      title: 'Đã nhận tiền, đang chờ câu lạc bộ xử lý',
      body: 'Chúng tôi đã nhận {{amount}} lúc {{when}} cho gói {{plan}}. {{why}}, nên gói chưa được kích hoạt tự động. Câu lạc bộ sẽ liên hệ bạn trong 1 ngày làm việc để kích hoạt hoặc hoàn tiền. Bạn không cần chuyển lại.',
      wrongAmount: 'Số tiền không khớp với {{due}} cần thanh toán',
      alreadyPaid: 'Gói này đã được thanh toán trước đó',
      requestEnded: 'Yêu cầu thanh toán đã kết thúc trước khi tiền về',
    },
  },
  checkIn: {
    done: { title: 'Check-in thành công', body: 'Bạn đã check-in tại {{club}} lúc {{time}}. Chúc bạn buổi tập vui!' },
  },
  classes: {
    spotGiven: {
      title: 'Bạn đã có chỗ trong lớp',
      body: 'Một chỗ trong lớp {{class}} lúc {{when}} vừa trống và đã dành cho bạn. Nếu không đi được, bạn có thể hủy miễn phí trong 1 giờ tới.',
    },
    spotOpened: {
      title: 'Lớp bạn chờ vừa có chỗ trống',
      body: 'Lớp {{class}} lúc {{when}} vừa có một chỗ trống. Ai đặt trước sẽ có chỗ: mở ứng dụng để đặt.',
    },
    cancelledByClub: {
      title: 'Lớp học đã bị hủy',
      body: 'Câu lạc bộ đã hủy lớp {{class}} lúc {{when}}. Lý do: {{reason}} Lượt đặt của bạn đã được hủy miễn phí, không tính là hủy muộn.',
      sms: 'VietFit: Câu lạc bộ đã hủy lớp {{class}} lúc {{when}}. Lý do: {{reason}} Lượt đặt của bạn đã được hủy miễn phí.',
    },
  },
  freeze: {
    confirmed: {
      title: 'Bảo lưu thành công',
      body: 'Gói tập được bảo lưu từ {{from}} đến hết {{to}}. Ngày hết hạn mới: {{end}}.',
      bodyWithClasses_other:
        'Gói tập được bảo lưu từ {{from}} đến hết {{to}}. Ngày hết hạn mới: {{end}}. {{count}} lớp đã đặt trong thời gian này đã được hủy, không tính phạt.',
    },
    ended: {
      title: 'Đã hủy bảo lưu',
      body: 'Gói tập của bạn hoạt động trở lại từ hôm nay. Ngày hết hạn mới: {{end}}.',
    },
  },
  gifts: {
    activated: { title: 'Quà tặng đã được kích hoạt', body: '{{gift}}: tập tại {{club}} từ {{from}} đến hết {{to}}.' },
    experience: {
      title: 'Trải nghiệm miễn phí 1 ngày',
      description: 'Một ngày tập miễn phí tại câu lạc bộ bạn chọn: máy tập, khu tạ và các lớp nhóm trong ngày.',
    },
  },
  referral: {
    reward: {
      title: '2 tuần tập miễn phí',
      description: 'Quà cảm ơn vì đã giới thiệu {{friend}}: 14 ngày tập miễn phí tại câu lạc bộ bạn chọn.',
    },
    rewarded: {
      title: 'Bạn nhận được 2 tuần tập miễn phí',
      body: '{{friend}} đã mua gói tập với mã giới thiệu của bạn. Kích hoạt quà tặng trước {{by}}.',
    },
    invitationSms:
      'VietFit: {{code}} mời bạn tập cùng. Đăng ký bằng số điện thoại này, nhập mã giới thiệu {{code}} và mua gói tập trong {{dealDays}} ngày để được tặng thêm {{bonusDays}} ngày tập.',
  },
  feedback: {
    answered: { title: 'Phản hồi của bạn đã được trả lời', body: '{{reply}}' },
  },
  pt: {
    trainerAccepted: {
      title: 'Huấn luyện viên đã nhận bạn',
      body: '{{trainer}} đã xác nhận gói tập của bạn. Hãy thanh toán để bắt đầu đặt lịch tập.',
    },
    trainerDeclined: {
      title: 'Huấn luyện viên chưa thể nhận bạn',
      body: '{{trainer}} chưa thể nhận gói tập này. Bạn chưa bị trừ tiền; hãy chọn huấn luyện viên khác.',
    },
    paid: {
      title: 'Thanh toán gói PT thành công',
      body: '{{package}} ({{sessions}} buổi) dùng được từ {{from}} đến hết {{to}}. Hãy ký hợp đồng điện tử trong mục PT; bạn có thể đặt lịch tập với huấn luyện viên.',
    },
    signApproval: 'ký hợp đồng PT số {{id}} ({{package}}, {{amount}})',
    sessionConfirmed: { title: 'PT đã xác nhận lịch tập', body: 'Buổi tập lúc {{when}} đã được xác nhận.' },
    sessionDeclined: {
      title: 'PT không nhận lịch tập',
      body: 'Huấn luyện viên không nhận buổi tập lúc {{when}}. Buổi tập đã được trả lại vào gói; hãy chọn giờ khác.',
    },
    sessionCompleted: {
      title: 'Hoàn thành buổi tập',
      body: 'Buổi tập lúc {{when}} đã hoàn thành. Hãy đánh giá buổi tập!',
    },
    sessionMissed: {
      title: 'Bạn đã vắng buổi tập',
      body: 'Huấn luyện viên ghi nhận bạn vắng mặt buổi tập lúc {{when}}. Buổi tập này được tính là đã sử dụng. Nếu có nhầm lẫn, hãy liên hệ quầy lễ tân.',
    },
    trialProposed: {
      title: 'Câu lạc bộ đề xuất giờ tập thử',
      body: 'Câu lạc bộ đề xuất buổi tập thử lúc {{when}}. Hãy đồng ý hoặc từ chối.',
    },
  },
  subscription: {
    cancelled: {
      title: 'Đã hủy gói tháng',
      body: 'Gói tháng của bạn sẽ không gia hạn nữa. Bạn vẫn tập được đến hết ngày {{until}}.',
    },
    upgraded: {
      title: 'Đã nâng cấp lên Black Card',
      body: 'Từ ngày {{from}} gói tháng của bạn là {{plan}}, {{price}} mỗi tháng, tập ở mọi câu lạc bộ.',
    },
    upgradeApproval: 'nâng cấp gói tháng lên {{plan}}, thêm {{amount}}/tháng từ ngày {{from}}',
    ended: {
      title: 'Gói tháng đã kết thúc',
      body: 'Gói tháng của bạn đã kết thúc ngày {{on}} như bạn đã hủy. Hẹn gặp lại bạn!',
    },
    payNext: {
      title: 'Thanh toán gói tháng tiếp theo',
      body: 'Tháng từ {{from}} đến {{to}}: {{amount}}. Vui lòng thanh toán trước ngày {{lastDay}} để giữ gói tháng.',
    },
    lapsed: {
      title: 'Gói tháng đã ngừng',
      body: 'Chúng tôi chưa nhận được tiền gói tháng sau 7 ngày gia hạn, nên gói tháng đã ngừng. Bạn có thể đăng ký lại bất cứ lúc nào.',
      sms: 'VietFit: Gói tháng của bạn đã ngừng vì chưa nhận được tiền sau 7 ngày gia hạn. Bạn có thể đăng ký lại trong ứng dụng bất cứ lúc nào.',
    },
    declined: {
      title: 'Chưa thu được tiền gói tháng',
      bodyRetry:
        'Ngân hàng từ chối khoản thanh toán {{amount}} (mã {{code}}). Chúng tôi sẽ thử lại ngày {{again}}; bạn cũng có thể thanh toán hoặc đổi thẻ ngay.',
      bodyLast:
        'Ngân hàng từ chối khoản thanh toán {{amount}} (mã {{code}}). Vui lòng thanh toán hoặc đổi thẻ trước ngày {{lastDay}} để giữ gói tháng.',
      smsRetry:
        'VietFit: Ngân hàng từ chối thanh toán gói tháng {{smsAmount}} (mã {{code}}). Chúng tôi sẽ thử lại ngày {{again}}. Vui lòng thanh toán hoặc đổi thẻ trong ứng dụng trước ngày {{lastDay}}.',
      smsLast:
        'VietFit: Ngân hàng từ chối thanh toán gói tháng {{smsAmount}} (mã {{code}}). Vui lòng thanh toán hoặc đổi thẻ trong ứng dụng trước ngày {{lastDay}}.',
    },
  },
} as const;
