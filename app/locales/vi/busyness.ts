/** Vietnamese texts of how busy a club is (club cards, the club page, home; their own strings part, ADR 030). */
export const busyness = {
  busyness: {
    yourClub: 'Câu lạc bộ của bạn',
    quiet: 'Đang vắng',
    normal: 'Vừa phải',
    busy: 'Đang đông',
    inside_other: 'Khoảng {{count}} người đang tập',
    insideNone: 'Chưa có ai check-in gần đây',
    chartTitle: 'Thường ngày này trong tuần',
    chartLabel: 'Số lượt vào theo giờ, trung bình 4 tuần qua; cột đậm là giờ hiện tại',
  },
} as const;
