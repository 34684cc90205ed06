/** Vietnamese texts of hộp góp ý và báo cáo (/staff/feedback) in the staff area (issue 17). */
export const staffInbox = {
  staffInbox: {
    title: 'Góp ý và báo cáo',
    lead: 'Góp ý của hội viên và báo cáo sự cố của khách tại câu lạc bộ. Trả lời và đánh dấu đã xử lý: hội viên nhận được thông báo.',
    state: 'Trạng thái',
    states: { NEW: 'Mới', HANDLED: 'Đã xử lý' },
    type: 'Loại',
    all: 'Tất cả',
    filter: 'Lọc',
    emptyTitle: 'Không có góp ý nào',
    emptyText: 'Góp ý và báo cáo mới sẽ hiện ở đây.',
    member: 'Hội viên',
    public: 'Khách (mã QR tại câu lạc bộ)',
    anonymous: 'Không để lại số điện thoại',
    photo: 'Ảnh đính kèm',
    reply: 'Trả lời',
    markHandled: 'Trả lời và đánh dấu đã xử lý',
    replied: 'Đã trả lời:',
    poster: 'In áp phích báo cáo sự cố của câu lạc bộ (mã QR)',
    posterHint: 'Khách quét mã để báo sự cố mà không cần tài khoản; báo cáo sẽ hiện ở đây.',
    handledToast: 'Đã đánh dấu đã xử lý.',
  },
} as const;
