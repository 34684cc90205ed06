/** Vietnamese texts of các buổi tập thử chờ xếp lịch (/staff/trials) in the staff area (issue 17). */
export const staffTrials = {
  staffTrials: {
    title: 'Buổi tập thử',
    lead: 'Hội viên mới có buổi tập thử miễn phí với huấn luyện viên. Gọi cho hội viên, rồi đề xuất giờ; hội viên đồng ý trong ứng dụng.',
    emptyTitle: 'Không có buổi tập thử nào chờ',
    emptyText: 'Khi hội viên có buổi tập thử chưa xếp lịch, buổi đó sẽ hiện ở đây.',
    window: 'dùng từ {{from}} đến {{until}}',
    trainer: 'Huấn luyện viên',
    date: 'Ngày',
    time: 'Giờ bắt đầu',
    propose: 'Đề xuất giờ tập',
    proposed: 'Đã gửi đề xuất. Hội viên sẽ đồng ý hoặc từ chối trong ứng dụng.',
    status: {
      AVAILABLE: 'Chưa đặt lịch',
      WAITPTCONFIRM: 'Hội viên đã chọn giờ, chờ xác nhận',
      WAITCUSCONFIRM: 'Chờ hội viên đồng ý',
    },
  },
} as const;
