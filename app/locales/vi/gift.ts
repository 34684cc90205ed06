/** Vietnamese texts of the gift: the popover in the header (loaded with it where a member has a gift) and the /gift screen (its own strings part, ADR 030). */
export const gift = {
  gift: {
    label: 'Quà tặng của bạn',
    hint: 'Bạn có một món quà! Nhấn vào biểu tượng hộp quà để xem lại bất cứ lúc nào.',
    close: 'Đóng',
    expires: 'Hạn dùng đến {{date}}',
    open: 'Xem và kích hoạt quà',
    kindPlanDays: '{{days}} ngày tập miễn phí',
    kindExperience: '1 ngày tập trải nghiệm miễn phí',
    activateBy: 'Kích hoạt trước {{time}}',
    noEnd: 'Không giới hạn thời gian kích hoạt.',
    chooseClub: 'Chọn câu lạc bộ bạn muốn tập',
    startsNote:
      'Quà bắt đầu từ hôm nay, hoặc ngay sau khi gói tập hiện tại của bạn tại câu lạc bộ đó kết thúc. Bạn không phải trả phí.',
    activate: 'Kích hoạt quà',
    activated: 'Đã kích hoạt quà! Bạn tập tại {{club}} từ {{start}} đến hết {{end}}.',
    noClubs: 'Hiện chưa có câu lạc bộ nào nhận kích hoạt quà. Vui lòng thử lại sau.',
    noGiftTitle: 'Bạn chưa có quà tặng nào',
    noGiftText: 'Quà từ chương trình giới thiệu bạn bè và ưu đãi của câu lạc bộ sẽ hiện ở đây.',
    seePlans: 'Xem các gói tập',
    experienceTitle: 'Tập thử miễn phí 1 ngày',
    experienceText:
      'Bạn chưa từng mua gói tập? Nhận một ngày tập miễn phí tại câu lạc bộ bạn chọn và kích hoạt trong vòng 30 ngày. Mỗi tài khoản được nhận một lần.',
    experienceTake: 'Nhận ngày tập thử',
    experienceTaken: 'Bạn đã nhận ngày tập thử. Hãy chọn câu lạc bộ để kích hoạt.',
  },
} as const;
