/** Vietnamese texts of /home/referral, the refer-a-friend screen (its own strings part, ADR 030). */
export const referral = {
  referral: {
    dealClosedExpired:
      'Mã giới thiệu chỉ dành cho hội viên mới: mua gói tập đầu tiên trong vòng {{days}} ngày kể từ ngày đăng ký. Thời hạn của bạn đã kết thúc ngày {{date}}.',
    dealClosedPaid:
      'Mã giới thiệu chỉ dành cho hội viên mới mua gói tập đầu tiên; bạn đã có gói tập nên không dùng được mã giới thiệu nữa.',
    signUpCodeOff: 'Mã giới thiệu {{code}} bạn nhập khi đăng ký không còn được áp dụng.',
    label: 'Giới thiệu bạn bè',
    offerTitle: 'Tặng bạn {{bonusDays}} ngày, nhận 2 tuần tập miễn phí',
    offerText:
      'Bạn bè đăng ký tài khoản bằng mã của bạn và mua gói tập trong vòng {{dealDays}} ngày kể từ ngày đăng ký sẽ được tặng thêm {{bonusDays}} ngày tập. Với mỗi người bạn như vậy, bạn nhận 2 tuần tập miễn phí.',
    offerRules: 'Mỗi người bạn chỉ được tính một lần. Gói tập thử và gói quà tặng không được tính.',
    codeLabel: 'Mã giới thiệu của bạn',
    codeHint: 'Mã giới thiệu chính là số điện thoại của bạn.',
    share: 'Chia sẻ mã',
    copy: 'Sao chép mã',
    copied: 'Đã sao chép mã giới thiệu.',
    smsLink: 'Gửi mã qua tin nhắn',
    shareTitle: 'Mã giới thiệu VietFit',
    shareText:
      'Tập cùng mình ở VietFit nhé! Đăng ký tài khoản, nhập mã giới thiệu {{code}} và mua gói tập trong {{dealDays}} ngày để được tặng thêm {{bonusDays}} ngày tập.',
    blockedNoMembership: 'Mã của bạn chỉ có hiệu lực khi bạn có gói tập còn hạn.',
    blockedLimit: 'Bạn đã đạt số lượt giới thiệu tối đa của năm nay.',
    seePlans: 'Xem gói tập',
    inviteTitle: 'Mời bạn bè qua tin nhắn',
    phoneLabel: 'Số điện thoại của bạn bè',
    inviteHint: 'Chúng tôi gửi một tin nhắn kèm mã của bạn. Mỗi số chỉ nhận một lời mời của bạn trong {{days}} ngày.',
    send: 'Gửi lời mời',
    sent: 'Đã gửi lời mời đến {{phone}}.',
    friendsTitle: 'Bạn bè của bạn',
    noFriends: 'Bạn chưa mời ai. Hãy chia sẻ mã để cùng tập với bạn bè!',
    rewards: 'Quà đã nhận: {{count}} · {{days}} ngày tập miễn phí',
    seeGift: 'Xem quà tặng',
    state: {
      INVITED: 'Đã mời',
      JOINED: 'Đã đăng ký',
      BOUGHT: 'Đã mua gói',
      REWARDED: 'Đã nhận quà',
      EXPIRED: 'Hết hạn',
    },
    detail: {
      INVITED: 'Đã gửi lời mời ngày {{date}}',
      JOINED: 'Mua gói trước hết ngày {{date}} để bạn nhận quà',
      BOUGHT: 'Đã mua gói nhưng không dùng mã của bạn trong thời hạn ưu đãi',
      REWARDED: 'Bạn được tặng 2 tuần tập ngày {{date}}',
      EXPIRED: 'Ưu đãi đã hết hạn ngày {{date}}',
    },
  },
};
