/** Vietnamese texts of the shell domain (the default language; en/shell.ts has the same keys). */
export const shell = {
  app: {
    name: 'VietFit',
    slogan: 'Khỏe hơn mỗi ngày',
    loading: 'Đang tải…',
    description: 'Mua gói tập, check-in, đặt lịch PT và theo dõi chỉ số InBody ngay trên điện thoại.',
  },
  language: { label: 'Ngôn ngữ', vi: 'Tiếng Việt', en: 'English', switchTo: 'Switch to English' },
  error: {
    title: 'Đã có lỗi xảy ra',
    lead: 'Vui lòng thử lại sau ít phút.',
    retry: 'Thử lại',
    unavailableTitle: 'Hệ thống đang tạm gián đoạn',
    unavailableLead: 'Chúng tôi chưa kết nối được máy chủ. Dữ liệu của bạn vẫn an toàn, vui lòng thử lại sau ít phút.',
    home: 'Về trang chủ',
    notFoundTitle: 'Không tìm thấy',
    notFoundLead: 'Trang bạn mở không tồn tại hoặc không thuộc tài khoản của bạn.',
    sessionExpired: 'Đang chuyển về trang đăng nhập…',
  },
  // ── app shell: header, navigation, tabs, notifications ──
  nav: {
    label: 'Điều hướng chính',
    home: 'Trang chủ',
    membership: 'Gói tập',
    workout: 'Tập luyện',
    inbody: 'InBody',
    history: 'Lịch sử',
    // Back label of the pages under /home/your-plan (the freeze pages): the same words as homeCard.yourPlanTitle.
    yourPlan: 'Gói tập của tôi',
  },
  header: {
    account: 'Tài khoản',
    support: 'Hỗ trợ',
    notifications: 'Thông báo',
    notificationsUnread: 'Thông báo, {{count}} chưa đọc',
  },
  upload: {
    stepsLabel: 'Tiến trình gửi ảnh',
    sending: 'Đang gửi ảnh…',
    sent: 'Đã gửi ảnh',
    processing: 'Đang xử lý ảnh…',
    mayTakeSeconds: 'Sau khi bấm gửi, trang có thể mất vài giây để gửi và xử lý ảnh. Vui lòng chờ, không bấm lại.',
  },
  pwa: {
    offlineTitle: 'Không có kết nối mạng',
    offlineBody: 'Hãy kiểm tra Wi‑Fi hoặc dữ liệu di động. Ứng dụng sẽ hoạt động lại khi có mạng.',
    offlineClose: 'Đóng thông báo',
    // Issue 39 (ADR 067): the service worker's copy of a page, shown when the network does not answer in time.
    savedCopy: 'Bản lưu lúc {{time}} — đang thử kết nối lại',
    savedCopyRetry: 'Thử lại',
    savedCopyFresh: 'Đã có bản mới',
    savedCopyShowFresh: 'Xem bản mới',
    // A form sent while the network does not answer: nothing is lost, nothing is sent again by itself.
    formSlowTitle: 'Chưa gửi được — mạng đang chậm',
    formSlowBody:
      'Nội dung bạn nhập vẫn được giữ trên trang và không bị tự gửi lại. Trang sẽ tiếp tục khi máy chủ trả lời.',
  },
} as const;
