/** Vietnamese texts of the gift popover in the header, loaded with it where a member has a gift (its own strings part, ADR 030). */
export const gift = {
  gift: {
    label: 'Quà tặng của bạn',
    hint: 'Bạn có một món quà! Nhấn vào biểu tượng hộp quà để xem lại bất cứ lúc nào.',
    close: 'Đóng',
    expires: 'Hạn dùng đến {{date}}',
    activateSoon: 'Bạn sẽ kích hoạt quà ngay trên ứng dụng trong bản cập nhật tới; nhân viên câu lạc bộ cũng có thể hỗ trợ bạn.',
  },
} as const;
