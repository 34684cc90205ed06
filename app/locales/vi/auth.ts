/** Vietnamese texts of the auth domain (the default language; en/auth.ts has the same keys). */
export const auth = {
  landing: {
    legal: 'Thông tin pháp lý',
    title: 'Tập luyện cùng VietFit',
    start: 'Đăng nhập / Đăng ký',
    note: 'Chỉ cần số điện thoại và mã OTP, không cần mật khẩu.',
  },
  login: {
    title: 'Đăng nhập',
    lead: 'Nhập số điện thoại, chúng tôi sẽ gửi mã xác thực 4 số qua SMS.',
    phone: 'Số điện thoại',
    phonePlaceholder: '0xxx xxx xxx',
    submit: 'Nhận mã OTP',
  },
  verify: {
    title: 'Nhập mã xác thực',
    sentTo: 'Mã gồm 4 chữ số đã được gửi đến {{phone}}.',
    code: 'Mã OTP',
    digit: 'Chữ số thứ {{n}}',
    submit: 'Xác nhận',
    resendIn: 'Gửi lại mã sau {{seconds}} giây',
    resend: 'Gửi lại mã',
    changePhone: 'Đổi số điện thoại',
    attemptsLeft_other: 'Bạn còn {{count}} lần thử.',
  },
  signUp: {
    title: 'Tạo tài khoản',
    lead: 'Số {{phone}} chưa có tài khoản. Hoàn tất bước cuối để bắt đầu.',
    referral: 'Mã giới thiệu (không bắt buộc)',
    referralHint: 'Gồm 10–11 chữ số, thường là số điện thoại của người giới thiệu bạn.',
    acceptBefore: 'Tôi đã đọc và đồng ý với ',
    acceptAnd: ' và ',
    acceptAfter: ' của VietFit',
    submit: 'Đăng ký',
  },
} as const;
