/** Vietnamese texts the whole staff area shares (issue 17): sign-in, roles and the desk's frame. Each page's own texts are a part of their own (staffCash, staffScanner…). */
export const staff = {
  staff: {
    brand: 'VietFit Nhân viên',
    login: {
      title: 'Đăng nhập nhân viên',
      lead: 'Dành cho nhân viên, quản lý và huấn luyện viên của câu lạc bộ. Hội viên vui lòng dùng ứng dụng hội viên.',
      phone: 'Số điện thoại',
      submit: 'Nhận mã OTP',
      verifyTitle: 'Nhập mã OTP',
      verifySubmit: 'Đăng nhập',
      changePhone: 'Đổi số điện thoại',
      memberApp: 'Bạn là hội viên? Mở ứng dụng hội viên',
    },
    role: {
      EMPLOYEE: 'Lễ tân',
      PT: 'Huấn luyện viên',
      LEADER: 'Quản lý câu lạc bộ',
      GM: 'Quản lý chuỗi',
      INSTRUCTOR: 'Huấn luyện viên lớp nhóm',
    },
    nav: {
      today: 'Hôm nay',
      agenda: 'Lịch dạy',
      trials: 'Tập thử',
      audit: 'Nhật ký',
      inbox: 'Góp ý',
      payments: 'Chuyển khoản',
      cash: 'Thu tiền mặt',
      scanner: 'Quét check-in',
      classes: 'Lớp học',
      notify: 'Gửi thông báo',
      team: 'Nhân sự',
      settings: 'Cài đặt',
      signOut: 'Đăng xuất',
    },
  },
};
