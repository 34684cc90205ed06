/** Vietnamese texts of a class as a card (home, today's classes, the timetable, a class): level, length, spots, the member's booking; en/classCards.ts has the same keys. */
export const classCards = {
  classCard: {
    cancelledClass: 'Lớp đã hủy',
    bookingClosed: 'Đã hết giờ đặt chỗ',
    underWay: 'Đang diễn ra',
    ended: 'Đã kết thúc',
    full: 'Hết chỗ',
    fullWaiting: 'Hết chỗ · {{count}} người chờ',
    minutes: '{{count}} phút',
    spotsLeft_other: 'Còn {{count}} chỗ',
    with: 'với {{name}}',
    level: {
      ALL: 'Mọi trình độ',
      BEGINNER: 'Người mới',
      INTERMEDIATE: 'Trung bình',
      ADVANCED: 'Nâng cao',
    },
    state: {
      BOOKED: 'Đã đặt chỗ',
      WAITLISTED: 'Danh sách chờ · vị trí {{position}}',
      ATTENDED: 'Đã tham gia',
      NO_SHOW: 'Vắng mặt',
      CANCELLED: 'Đã hủy',
      LATE_CANCELLED: 'Đã hủy muộn',
    },
  },
} as const;
