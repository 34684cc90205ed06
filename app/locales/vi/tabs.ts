/** Vietnamese texts of the Workout and InBody tabs until their issues land (their own strings part, ADR 030). */
export const tabs = {
  tabs: {
    workout: {
      title: 'Tập luyện',
      emptyTitle: 'Bài tập có hướng dẫn đang được chuẩn bị',
      emptyText: 'Các buổi tập theo nhóm cơ, kèm video và bộ đếm giờ, sẽ có trong bản cập nhật tới. Huấn luyện viên tại câu lạc bộ luôn sẵn sàng hỗ trợ bạn.',
      action: 'Liên hệ câu lạc bộ',
    },
    inbody: {
      title: 'InBody',
      emptyTitle: 'Chưa có dữ liệu InBody',
      emptyText: 'Sau mỗi lần đo InBody tại câu lạc bộ, bạn sẽ chụp ảnh phiếu kết quả để theo dõi cân nặng, cơ và mỡ tại đây.',
      action: 'Tìm hiểu thêm',
    },
  },
} as const;
