/** Vietnamese texts of the newcomer's guide, /home/workout-with-us (issue 11 §5; their own strings part, ADR 030). */
export const newcomer = {
  newcomer: {
    title: 'Tập cùng VietFit',
    lead: 'Lần đầu đến phòng tập? Đừng lo, đây là những điều bạn cần biết để buổi tập đầu tiên thật thoải mái.',
    firstVisit: {
      title: 'Buổi đầu tiên, từng bước',
      id: {
        title: 'Mang theo CCCD và điện thoại',
        text: 'Lễ tân sẽ đối chiếu thông tin của bạn trong lần đầu. Nhớ đăng nhập sẵn ứng dụng trên điện thoại.',
      },
      checkIn: {
        title: 'Check-in bằng mã QR ở cửa',
        text: 'Mở mã check-in trong ứng dụng và đưa vào máy quét ở cửa. Mã tự đổi sau mỗi 30 giây, không cần chụp màn hình.',
      },
      locker: {
        title: 'Cất đồ và lấy khăn',
        text: 'Phòng thay đồ có tủ để bạn cất đồ. Gói Black Card có sẵn khăn tập; với các gói khác, bạn nhớ mang khăn riêng.',
      },
      tour: {
        title: 'Nhờ nhân viên dẫn đi một vòng',
        text: 'Hãy báo lễ tân đây là buổi đầu của bạn: nhân viên sẽ dẫn bạn xem các khu tập, chỉ cách chỉnh máy và giải đáp mọi thắc mắc.',
      },
      warmUp: {
        title: 'Khởi động 5–10 phút',
        text: 'Đi bộ nhanh hoặc đạp xe nhẹ cho nóng người, rồi xoay các khớp cổ, vai, hông và gối.',
      },
      light: {
        title: 'Bắt đầu nhẹ nhàng',
        text: 'Chọn mức tạ bạn nâng thoải mái được 12–15 lần, mệt thì nghỉ và uống nước đều. Tập vừa sức để hôm sau vẫn muốn quay lại.',
      },
      openCheckIn: 'Mở mã check-in',
    },
    bring: {
      title: 'Nên mang theo',
      clothes: 'Quần áo thể thao thoải mái và giày tập có đế bám',
      water: 'Bình nước',
      towel: 'Khăn nhỏ, nếu gói của bạn không kèm khăn',
      shower: 'Đồ dùng cá nhân và quần áo để thay nếu bạn tắm tại câu lạc bộ',
    },
    classes: {
      title: 'Các lớp tập nhóm',
      lead: 'Lớp có huấn luyện viên dẫn, người mới vẫn theo được: đến sớm 5 phút, chọn chỗ phía sau và tập theo sức mình.',
      yoga: { name: 'Yoga', text: 'Kéo giãn, giữ thăng bằng và điều hòa hơi thở. Nhẹ nhàng, rất hợp để bắt đầu.' },
      zumba: { name: 'Zumba', text: 'Nhảy theo nhạc Latin sôi động, đốt nhiều năng lượng mà không cần biết nhảy.' },
      bodyPump: { name: 'Body Pump', text: 'Tập với đòn tạ nhẹ theo nhạc, nhiều lần lặp, giúp săn chắc toàn thân.' },
      boxing: { name: 'Boxing', text: 'Học thế đứng, các cú đấm và bước chân cơ bản; tăng sức bền và xả căng thẳng.' },
      cycling: {
        name: 'Đạp xe trong nhà',
        text: 'Đạp xe trong nhà theo nhạc, bạn tự chỉnh độ nặng; tốt cho tim mạch.',
      },
      pilates: { name: 'Pilates', text: 'Động tác chậm, có kiểm soát cho cơ bụng, lưng và tư thế.' },
      hiit: { name: 'HIIT', text: 'Các bài ngắn cường độ cao xen kẽ nghỉ; nên thử sau vài tuần đã quen tập.' },
    },
    beginner: {
      title: 'Bài tập cho người mới',
      text: 'Một buổi toàn thân đơn giản, 2–3 buổi mỗi tuần, nghỉ một ngày giữa hai buổi. Mỗi bài 2–3 hiệp, mỗi hiệp 10–12 lần:',
      squat: 'Squat xuống ghế rồi đứng lên',
      press: 'Đẩy ngực trên máy',
      pulldown: 'Kéo xô trên máy',
      row: 'Kéo cáp ngồi',
      plank: 'Plank 20–30 giây',
      more: 'Các buổi tập hướng dẫn từng động tác sẽ có trong mục Tập luyện.',
      open: 'Mở mục Tập luyện',
    },
    trial: {
      title: 'Buổi tập trải nghiệm miễn phí',
      textClub:
        'Muốn tập thử một buổi cùng huấn luyện viên? Gọi câu lạc bộ của bạn để hẹn giờ, buổi trải nghiệm hoàn toàn miễn phí.',
      textChain:
        'Muốn tập thử một buổi cùng huấn luyện viên trước khi đăng ký? Gọi tổng đài để được xếp lịch tại câu lạc bộ gần bạn, hoàn toàn miễn phí.',
      chain: 'Tổng đài VietFit',
      call: 'Gọi',
      offer:
        'Gói {{plans}} tặng {{count}} buổi tập với huấn luyện viên trong {{days}} ngày đầu; khi đã có gói, bạn đặt giờ ngay trong ứng dụng.',
      seePlans: 'Xem các gói tập',
      clubs: 'Số điện thoại từng câu lạc bộ',
      have: 'Bạn còn {{count}} buổi tập thử miễn phí với huấn luyện viên: chọn giờ ngay trong ứng dụng.',
      haveOpen: 'Bạn đang có một buổi tập thử với huấn luyện viên: xem giờ và trạng thái trong ứng dụng.',
      book: 'Đặt buổi tập thử',
      view: 'Xem buổi tập thử',
    },
  },
} as const;
