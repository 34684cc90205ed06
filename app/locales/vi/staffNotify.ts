/** Vietnamese texts of trang gửi thông báo (/staff/notify) in the staff area (issue 17). */
export const staffNotify = {
  staffNotify: {
    title: 'Gửi thông báo',
    lead: 'Gửi thông báo vào hộp thư và điện thoại của một hội viên hoặc của mọi hội viên câu lạc bộ.',
    to: 'Gửi đến',
    toMember: 'Một hội viên (theo số điện thoại)',
    toClub: 'Mọi hội viên của câu lạc bộ',
    phone: 'Số điện thoại hội viên',
    club: 'Câu lạc bộ',
    titleVi: 'Tiêu đề (tiếng Việt)',
    titleEn: 'Tiêu đề (tiếng Anh)',
    bodyVi: 'Nội dung (tiếng Việt)',
    bodyEn: 'Nội dung (tiếng Anh)',
    link: 'Mở trang trong ứng dụng (không bắt buộc, ví dụ /classes)',
    submit: 'Gửi thông báo',
    clubWarning: 'Thông báo sẽ đến mọi hội viên của câu lạc bộ. Kiểm tra kỹ trước khi gửi.',
    sentToast: 'Đã gửi thông báo đến {{count}} hội viên.',
  },
} as const;
