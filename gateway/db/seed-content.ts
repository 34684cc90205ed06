import type { ContentSection } from './schema/index.ts';

// Texts staff edit later without a release (content_pages, app_settings). Section bodies are plain
// text: a blank line separates paragraphs, a line starting with "• " is a list item.

type PageSeed = { slug: string; titleVi: string; titleEn: string; sections: ContentSection[] };

const terms: PageSeed = {
  slug: 'terms-condition',
  titleVi: 'Điều khoản và điều kiện',
  titleEn: 'Terms and conditions',
  sections: [
    {
      headingVi: '1. Phạm vi áp dụng',
      headingEn: '1. Scope',
      bodyVi:
        'Các điều khoản này áp dụng cho mọi hội viên sử dụng dịch vụ tại hệ thống câu lạc bộ VietFit và ứng dụng hội viên VietFit. Khi đăng ký tài khoản, mua gói tập hoặc ra vào câu lạc bộ, bạn xác nhận đã đọc, hiểu và đồng ý với các điều khoản dưới đây.\n\nHợp đồng gói tập bạn ký khi mua gói là một phần không tách rời của các điều khoản này. Nếu hợp đồng có quy định khác, quy định trong hợp đồng được ưu tiên áp dụng.',
      bodyEn:
        'These terms apply to every member who uses the services of the VietFit clubs and the VietFit member app. By creating an account, buying a membership or entering a club, you confirm that you have read, understood and accepted the terms below.\n\nThe membership contract you sign when buying a plan forms part of these terms. Where the contract says otherwise, the contract prevails.',
    },
    {
      headingVi: '2. Tư cách hội viên và gói tập',
      headingEn: '2. Membership and plans',
      bodyVi:
        '• Mỗi số điện thoại ứng với một tài khoản hội viên. Bạn chịu trách nhiệm giữ bí mật mã xác thực (OTP) gửi đến điện thoại của mình.\n• Gói tập mang tính cá nhân, chỉ người đứng tên được sử dụng. Việc chuyển nhượng gói tập phải làm thủ tục tại quầy lễ tân và có thể mất phí.\n• Khi vào câu lạc bộ, bạn quét mã check-in trên ứng dụng. Nhân viên có thể đề nghị bạn xuất trình giấy tờ tùy thân để đối chiếu.\n• Thời hạn gói tập tính từ ngày kích hoạt ghi trên hợp đồng. Các buổi tập với huấn luyện viên (PT) phải được sử dụng trong thời hạn của gói PT.\n• Người dưới 16 tuổi chỉ được tập khi có cha mẹ hoặc người giám hộ đồng ý bằng văn bản.',
      bodyEn:
        '• Each phone number has one member account. You are responsible for keeping the one-time codes (OTP) sent to your phone to yourself.\n• A membership is personal and may only be used by the member named on it. Transferring a membership is done at the front desk and may carry a fee.\n• To enter a club, scan the check-in code in the app. Staff may ask to see an identity document.\n• A membership runs from the activation date in your contract. Personal training (PT) sessions must be used within the validity of the PT package.\n• Members under 16 may only train with the written consent of a parent or guardian.',
    },
    {
      headingVi: '3. Thanh toán và hoàn tiền',
      headingEn: '3. Payments and refunds',
      bodyVi:
        'Giá niêm yết bằng đồng Việt Nam và đã bao gồm thuế GTGT. Bạn có thể thanh toán bằng chuyển khoản ngân hàng qua mã QR, thẻ tín dụng/ghi nợ (qua cổng VNPAY) hoặc tiền mặt tại quầy. Gói tập chỉ được kích hoạt khi VietFit đã nhận đủ tiền.\n\nGói tập đã kích hoạt không được hoàn tiền, trừ khi VietFit không thể tiếp tục cung cấp dịch vụ đã cam kết. Trường hợp bị trừ tiền hai lần hoặc giao dịch lỗi, VietFit hoàn lại khoản tiền thừa về đúng phương thức đã thanh toán trong vòng 7 đến 15 ngày làm việc kể từ khi xác nhận.\n\nVới gói thanh toán hằng tháng bằng thẻ đã lưu, bạn có thể hủy gia hạn trên ứng dụng bất cứ lúc nào; việc hủy có hiệu lực từ kỳ thanh toán tiếp theo.',
      bodyEn:
        'Prices are in Vietnamese dong and include VAT. You can pay by bank transfer with a QR code, by credit or debit card (through VNPAY) or in cash at the counter. A membership is activated only once VietFit has received the full payment.\n\nAn activated membership is not refundable, unless VietFit can no longer provide the service it committed to. If you are charged twice or a transaction fails, VietFit refunds the excess to the original payment method within 7 to 15 working days of confirming it.\n\nFor monthly plans paid with a saved card, you can cancel the renewal in the app at any time; the cancellation takes effect from the next billing period.',
    },
    {
      headingVi: '4. Bảo lưu gói tập',
      headingEn: '4. Freezing a membership',
      bodyVi:
        'Bạn có thể gửi yêu cầu bảo lưu trên ứng dụng khi cần tạm ngưng tập vì công tác, ốm đau hay lý do cá nhân. Số lần và số ngày bảo lưu tối đa tùy theo loại gói, phí bảo lưu (nếu có) được hiển thị trước khi bạn xác nhận.\n\nTrong thời gian bảo lưu, bạn không thể check-in tại câu lạc bộ và ngày hết hạn của gói được lùi lại đúng bằng số ngày bảo lưu. Bạn có thể kết thúc bảo lưu sớm trên ứng dụng; số ngày chưa dùng không được cộng dồn sang lần sau.',
      bodyEn:
        'You can request a freeze in the app when you need to pause for work travel, illness or personal reasons. The number of freezes and the maximum length depend on your plan; any freeze fee is shown before you confirm.\n\nWhile frozen, you cannot check in at a club, and your membership end date moves back by the number of frozen days. You can end a freeze early in the app; unused days are not carried over to a later freeze.',
    },
    {
      headingVi: '5. Nội quy tại câu lạc bộ',
      headingEn: '5. Club rules',
      bodyVi:
        '• Mặc trang phục và giày thể thao phù hợp, mang theo khăn tập và lau dụng cụ sau khi sử dụng.\n• Trả tạ và dụng cụ về đúng vị trí; không chiếm giữ máy khi không tập.\n• Không quay phim, chụp ảnh người khác khi chưa được họ đồng ý.\n• Không hút thuốc, sử dụng chất kích thích hay mang đồ uống có cồn vào câu lạc bộ.\n• Tôn trọng hội viên và nhân viên. VietFit có quyền từ chối phục vụ hoặc chấm dứt tư cách hội viên nếu bạn có hành vi bạo lực, quấy rối hoặc nhiều lần vi phạm nội quy, sau khi đã nhắc nhở.',
      bodyEn:
        '• Wear suitable sportswear and shoes, bring a towel and wipe equipment down after use.\n• Return weights and equipment to their place; do not hold on to a machine you are not using.\n• Do not film or photograph other people without their consent.\n• No smoking, drugs or alcohol in the clubs.\n• Treat members and staff with respect. VietFit may refuse service or end a membership for violence, harassment or repeated breaches of the rules, after a warning.',
    },
    {
      headingVi: '6. Sức khỏe và giới hạn trách nhiệm',
      headingEn: '6. Health and liability',
      bodyVi:
        'Bạn cam kết có đủ sức khỏe để tập luyện và thông báo cho huấn luyện viên về bệnh lý, chấn thương hoặc tình trạng mang thai. Nếu có vấn đề về tim mạch, huyết áp hay đang điều trị bệnh, hãy hỏi ý kiến bác sĩ trước khi tập. Chỉ số InBody chỉ mang tính tham khảo, không thay thế chẩn đoán y khoa.\n\nVietFit không chịu trách nhiệm về chấn thương phát sinh do bạn không làm theo hướng dẫn của nhân viên, huấn luyện viên hoặc biển báo, cũng như về tư trang để ngoài tủ khóa. Trách nhiệm của VietFit đối với thiệt hại do lỗi của VietFit được xác định theo quy định của pháp luật Việt Nam.',
      bodyEn:
        'You confirm that you are fit to exercise and will tell your trainer about any medical condition, injury or pregnancy. If you have a heart or blood-pressure condition or are under treatment, ask your doctor before training. InBody results are for reference only and do not replace a medical diagnosis.\n\nVietFit is not liable for injuries caused by not following the instructions of staff, trainers or signs, nor for belongings left outside the lockers. VietFit’s liability for damage caused by its own fault is determined by Vietnamese law.',
    },
    {
      headingVi: '7. Bảo vệ dữ liệu cá nhân',
      headingEn: '7. Personal data',
      bodyVi:
        'VietFit xử lý dữ liệu cá nhân của bạn theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân. Dữ liệu chúng tôi thu thập gồm: họ tên, số điện thoại, email, ảnh đại diện, thông tin căn cước khi ký hợp đồng, lịch sử check-in, lịch tập, thanh toán và chỉ số InBody bạn tải lên.\n\nDữ liệu được dùng để quản lý gói tập, xác thực khi ra vào câu lạc bộ, xử lý thanh toán, chăm sóc khách hàng và gửi thông báo liên quan đến dịch vụ. Chỉ số sức khỏe là dữ liệu cá nhân nhạy cảm và chỉ được xử lý khi có sự đồng ý của bạn. VietFit không bán dữ liệu của bạn; chỉ chia sẻ với đối tác thanh toán, nhắn tin khi cần để cung cấp dịch vụ hoặc với cơ quan nhà nước theo yêu cầu của pháp luật.\n\nBạn có quyền được biết, truy cập, chỉnh sửa, yêu cầu xóa dữ liệu, rút lại sự đồng ý và phản đối việc xử lý bằng cách liên hệ hotline hoặc email hỗ trợ. Yêu cầu được giải quyết trong thời hạn luật định. Khi xảy ra sự cố lộ lọt dữ liệu, VietFit thông báo cho cơ quan có thẩm quyền trong vòng 72 giờ.',
      bodyEn:
        'VietFit processes your personal data under Decree 13/2023/ND-CP on personal data protection. We collect: your name, phone number, email, profile photo, identity card details when you sign a contract, check-in history, bookings, payments and the InBody results you upload.\n\nThe data is used to manage your membership, verify you at the club entrance, process payments, support you and send notices about the service. Health measurements are sensitive personal data and are processed only with your consent. VietFit does not sell your data; it shares it only with payment and messaging partners where needed to provide the service, or with authorities when the law requires.\n\nYou have the right to be informed, to access and correct your data, to ask for it to be deleted, to withdraw consent and to object to processing, by contacting the support hotline or email. Requests are handled within the time the law sets. In case of a data breach, VietFit notifies the competent authority within 72 hours.',
    },
    {
      headingVi: '8. Thay đổi điều khoản và giải quyết tranh chấp',
      headingEn: '8. Changes and disputes',
      bodyVi:
        'VietFit có thể cập nhật các điều khoản này và sẽ thông báo trên ứng dụng ít nhất 15 ngày trước khi thay đổi có hiệu lực. Nếu không đồng ý, bạn có thể liên hệ để được hướng dẫn chấm dứt sử dụng dịch vụ.\n\nMọi tranh chấp được ưu tiên giải quyết bằng thương lượng. Nếu không thương lượng được, tranh chấp sẽ được giải quyết tại tòa án có thẩm quyền của Việt Nam. Khi có khác biệt giữa bản tiếng Việt và bản tiếng Anh, bản tiếng Việt được áp dụng.',
      bodyEn:
        'VietFit may update these terms and will announce changes in the app at least 15 days before they take effect. If you do not agree, contact us and we will help you end your use of the service.\n\nDisputes are first settled by negotiation. Failing that, they are settled by the competent court of Vietnam. Where the Vietnamese and English versions differ, the Vietnamese version prevails.',
    },
  ],
};

const about: PageSeed = {
  slug: 'about',
  titleVi: 'Về VietFit',
  titleEn: 'About VietFit',
  sections: [
    {
      headingVi: 'VietFit là ai',
      headingEn: 'Who we are',
      bodyVi:
        'VietFit là chuỗi phòng tập thể hình dành cho người Việt bận rộn: gần nhà, gần chỗ làm, mở cửa từ sáng sớm đến tối muộn. Mỗi câu lạc bộ có khu tập tạ, khu cardio, phòng tập nhóm và đội ngũ huấn luyện viên được đào tạo bài bản.',
      bodyEn:
        'VietFit is a gym chain for busy people in Vietnam: close to home, close to work, open from early morning until late in the evening. Every club has a free-weights area, cardio machines, a group-class studio and a team of well-trained coaches.',
    },
    {
      headingVi: 'Sứ mệnh',
      headingEn: 'Our mission',
      bodyVi:
        'Giúp mỗi hội viên khỏe hơn mỗi ngày bằng những thói quen tập luyện bền vững. Chúng tôi tin rằng tập luyện không cần phức tạp: một kế hoạch rõ ràng, người hướng dẫn tận tâm và một nơi tập sạch sẽ, thân thiện là đủ để bắt đầu.',
      bodyEn:
        'To help every member get a little healthier every day through training habits that last. We believe exercise need not be complicated: a clear plan, a caring coach and a clean, friendly place to train are enough to get started.',
    },
    {
      headingVi: 'Hệ thống câu lạc bộ',
      headingEn: 'Our clubs',
      bodyVi:
        'VietFit có câu lạc bộ tại TP. Hồ Chí Minh, Hà Nội và Đà Nẵng. Với gói tập toàn hệ thống, bạn có thể check-in tại bất kỳ câu lạc bộ nào. Danh sách địa chỉ và số hotline từng câu lạc bộ có trong mục Liên hệ.',
      bodyEn:
        'VietFit has clubs in Ho Chi Minh City, Hanoi and Da Nang. With an all-club membership you can check in at any of them. The address and hotline of each club are listed under Contact.',
    },
    {
      headingVi: 'Ứng dụng hội viên',
      headingEn: 'The member app',
      bodyVi:
        'Trên ứng dụng, bạn có thể mua và gia hạn gói tập, check-in bằng mã QR, đặt lịch với huấn luyện viên, theo dõi bài tập và chỉ số InBody, bảo lưu gói tập và gửi góp ý cho chúng tôi, tất cả chỉ với số điện thoại của bạn.',
      bodyEn:
        'In the app you can buy and renew a membership, check in with a QR code, book personal trainers, follow your workouts and InBody results, freeze your membership and send us feedback, all with just your phone number.',
    },
  ],
};

const support: PageSeed = {
  slug: 'support',
  titleVi: 'Câu hỏi thường gặp',
  titleEn: 'Frequently asked questions',
  sections: [
    {
      headingVi: 'Tôi đăng nhập bằng cách nào?',
      headingEn: 'How do I sign in?',
      bodyVi:
        'Nhập số điện thoại, VietFit sẽ gửi mã xác thực (OTP) gồm 4 chữ số qua tin nhắn SMS. Mã có hiệu lực trong vài phút. Nếu chưa nhận được, hãy đợi 30 giây rồi bấm gửi lại mã. Không chia sẻ mã này với bất kỳ ai, kể cả nhân viên VietFit.',
      bodyEn:
        'Enter your phone number and VietFit texts you a 4-digit one-time code (OTP). The code is valid for a few minutes. If it has not arrived, wait 30 seconds and ask for a new one. Never share this code with anyone, VietFit staff included.',
    },
    {
      headingVi: 'Tôi có thể thanh toán bằng những cách nào?',
      headingEn: 'How can I pay?',
      bodyVi:
        'Bạn có thể chuyển khoản ngân hàng bằng cách quét mã QR trong ứng dụng, thanh toán bằng thẻ tín dụng/ghi nợ qua VNPAY, hoặc trả tiền mặt tại quầy lễ tân. Với chuyển khoản QR, gói tập được kích hoạt tự động ngay khi ngân hàng báo đã nhận tiền.',
      bodyEn:
        'You can pay by bank transfer by scanning the QR code in the app, by credit or debit card through VNPAY, or in cash at the front desk. With a QR transfer, your membership is activated automatically as soon as the bank confirms the payment.',
    },
    {
      headingVi: 'Làm sao để bảo lưu gói tập?',
      headingEn: 'How do I freeze my membership?',
      bodyVi:
        'Vào Gói tập, chọn gói đang dùng và bấm Bảo lưu. Chọn ngày bắt đầu, số ngày bảo lưu và xác nhận phí (nếu có). Ngày hết hạn của gói sẽ được lùi lại tương ứng. Bạn có thể kết thúc bảo lưu sớm bất cứ lúc nào.',
      bodyEn:
        'Go to Membership, open your current plan and tap Freeze. Pick a start date and the number of days, and confirm the fee if there is one. Your end date moves back accordingly. You can end the freeze early at any time.',
    },
    {
      headingVi: 'Đặt lịch tập với huấn luyện viên (PT) thế nào?',
      headingEn: 'How do I book a personal trainer?',
      bodyVi:
        'Khi đã có gói PT, vào mục đặt lịch, chọn câu lạc bộ, huấn luyện viên và khung giờ trống. Huấn luyện viên sẽ xác nhận lịch và bạn nhận được thông báo trên ứng dụng. Mỗi lần bạn đặt một buổi (tập xong hoặc hủy buổi đã đặt rồi mới đặt buổi tiếp theo), tối đa một buổi mỗi ngày; nếu bận, hãy hủy trước giờ tập để buổi tập không bị trừ.',
      bodyEn:
        'Once you have a PT package, open booking, choose a club, a trainer and a free time slot. The trainer confirms the booking and you get a notification in the app. You book one session at a time (finish or cancel the one you booked before booking the next), at most one a day; if something comes up, cancel before the session so it is not used up.',
    },
    {
      headingVi: 'Chỉ số InBody là gì và xem ở đâu?',
      headingEn: 'What is InBody and where do I see it?',
      bodyVi:
        'InBody là máy đo thành phần cơ thể: cân nặng, khối lượng cơ, tỷ lệ mỡ và nhiều chỉ số khác. Sau mỗi lần đo tại câu lạc bộ, bạn chụp phiếu kết quả và tải lên mục InBody; ứng dụng sẽ đọc các chỉ số và vẽ biểu đồ để bạn theo dõi tiến bộ.',
      bodyEn:
        'InBody is a body-composition scan: weight, muscle mass, body-fat percentage and more. After each scan at the club, take a photo of the result sheet and upload it under InBody; the app reads the numbers and charts your progress over time.',
    },
    {
      headingVi: 'Tôi muốn góp ý hoặc khiếu nại thì làm thế nào?',
      headingEn: 'How do I give feedback or make a complaint?',
      bodyVi:
        'Bạn có thể gửi góp ý ngay trên ứng dụng trong mục Góp ý, gọi hotline hoặc gửi email cho chúng tôi. Mọi phản hồi đều được ghi nhận và trả lời trong vòng 2 ngày làm việc.',
      bodyEn:
        'Send us feedback in the app under Feedback, call the hotline or email us. Every message is logged and answered within 2 working days.',
    },
  ],
};

// Issue 10 §6: what a visitor agrees to at sign-up must be readable before it (Decree 13/2023/NĐ-CP
// on personal data protection: the data subject is told what, why, how long, to whom, and their rights).
const privacy: PageSeed = {
  slug: 'privacy',
  titleVi: 'Chính sách quyền riêng tư',
  titleEn: 'Privacy notice',
  sections: [
    {
      headingVi: '1. Ai xử lý dữ liệu của bạn',
      headingEn: '1. Who processes your data',
      bodyVi:
        'Công ty Cổ phần VietFit (“VietFit”) là bên kiểm soát và xử lý dữ liệu cá nhân của hội viên và khách dùng ứng dụng, theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân và các quy định pháp luật có liên quan. Khi đăng ký tài khoản, bạn đồng ý để VietFit xử lý dữ liệu như mô tả dưới đây; bạn có thể rút lại sự đồng ý bất cứ lúc nào (mục 6).',
      bodyEn:
        'VietFit Joint Stock Company (“VietFit”) controls and processes the personal data of members and app users, under Decree 13/2023/ND-CP on personal data protection and related Vietnamese law. By creating an account you consent to the processing described below; you may withdraw that consent at any time (section 6).',
    },
    {
      headingVi: '2. Dữ liệu chúng tôi thu thập',
      headingEn: '2. The data we collect',
      bodyVi:
        '• Dữ liệu cơ bản: số điện thoại, họ tên, email (nếu bạn nhập), ảnh đại diện, ngôn ngữ.\n• Dữ liệu gói tập và thanh toán: gói đã mua, hợp đồng, hóa đơn, lịch sử giao dịch. VietFit không lưu số thẻ đầy đủ: thẻ đã lưu là mã token do VNPAY cấp kèm 4 số cuối.\n• Dữ liệu sử dụng: lượt check-in, lịch đặt PT và lớp, đánh giá, góp ý.\n• Dữ liệu nhạy cảm, chỉ khi bạn chủ động cung cấp: chỉ số sức khỏe (kết quả InBody, ghi chú tập luyện) và ảnh giấy tờ tùy thân khi ký hợp đồng điện tử.\n• Dữ liệu kỹ thuật: địa chỉ IP, loại thiết bị, để bảo vệ tài khoản (chống dò mã OTP).',
      bodyEn:
        '• Basic data: phone number, name, email (if you give one), profile photo, language.\n• Membership and payment data: plans bought, contracts, receipts, transactions. VietFit never stores full card numbers: a saved card is a VNPAY token with its last 4 digits.\n• Usage data: check-ins, PT and class bookings, ratings, feedback.\n• Sensitive data, only when you provide it: health figures (InBody results, training notes) and identity-document photos for e-contracts.\n• Technical data: IP address and device type, to protect your account (against OTP guessing).',
    },
    {
      headingVi: '3. Mục đích xử lý',
      headingEn: '3. Why we process it',
      bodyVi:
        '• Tạo và bảo vệ tài khoản, đăng nhập bằng mã OTP.\n• Bán gói tập, nhận thanh toán, xuất biên nhận và hóa đơn, hoàn tiền khi cần.\n• Cho phép bạn vào câu lạc bộ, đặt lịch PT, lớp tập và theo dõi kết quả tập luyện.\n• Gửi thông báo về thanh toán, lịch tập và quà tặng; tin khuyến mãi chỉ khi bạn đồng ý nhận.\n• Thực hiện nghĩa vụ theo pháp luật (kế toán, thuế, yêu cầu của cơ quan có thẩm quyền).',
      bodyEn:
        '• To create and protect your account and sign you in with one-time codes.\n• To sell memberships, take payments, issue receipts and invoices, and refund when due.\n• To let you into the clubs, book PT and classes, and follow your training results.\n• To notify you about payments, bookings and gifts; promotions only if you agree to them.\n• To meet legal duties (accounting, tax, requests of competent authorities).',
    },
    {
      headingVi: '4. Chia sẻ dữ liệu',
      headingEn: '4. Who we share it with',
      bodyVi:
        'VietFit không bán dữ liệu cá nhân. Dữ liệu chỉ được chia sẻ ở mức cần thiết với: ngân hàng và cổng thanh toán VNPAY (để xử lý thanh toán), nhà cung cấp dịch vụ SMS (để gửi mã OTP), nhà cung cấp nhận dạng giấy tờ (khi bạn xác thực danh tính), huấn luyện viên phụ trách bạn (lịch tập, chỉ số InBody bạn chia sẻ), và cơ quan nhà nước khi pháp luật yêu cầu. Các bên này phải bảo mật dữ liệu theo hợp đồng với VietFit.',
      bodyEn:
        'VietFit does not sell personal data. It is shared only as far as needed with: banks and the VNPAY payment gateway (to process payments), the SMS provider (to send one-time codes), the identity-document recognition provider (when you verify your identity), the trainer who works with you (bookings, InBody results you share), and public authorities where the law requires. These parties must keep the data confidential under their contracts with VietFit.',
    },
    {
      headingVi: '5. Thời gian lưu trữ',
      headingEn: '5. How long we keep it',
      bodyVi:
        '• Dữ liệu tài khoản: trong thời gian bạn còn là hội viên và 24 tháng sau lần sử dụng cuối, trừ khi bạn yêu cầu xóa sớm hơn.\n• Hợp đồng, biên nhận và chứng từ thanh toán: 10 năm theo quy định về kế toán.\n• Kết quả InBody và ảnh giấy tờ: đến khi bạn xóa hoặc rút lại sự đồng ý.\n• Nhật ký bảo mật (IP, lượt đăng nhập): tối đa 12 tháng.',
      bodyEn:
        '• Account data: while you are a member and for 24 months after your last use, unless you ask us to delete it sooner.\n• Contracts, receipts and payment records: 10 years, as accounting law requires.\n• InBody results and document photos: until you delete them or withdraw consent.\n• Security logs (IP addresses, sign-ins): up to 12 months.',
    },
    {
      headingVi: '6. Quyền của bạn',
      headingEn: '6. Your rights',
      bodyVi:
        'Theo Nghị định 13/2023/NĐ-CP, bạn có quyền được biết, đồng ý hoặc không đồng ý, truy cập và chỉnh sửa dữ liệu (phần lớn có thể tự làm trong mục Tài khoản), rút lại sự đồng ý, yêu cầu xóa dữ liệu, hạn chế xử lý, nhận bản sao dữ liệu, phản đối việc xử lý, khiếu nại, tố cáo, khởi kiện và yêu cầu bồi thường thiệt hại theo quy định.\n\nVietFit xử lý yêu cầu xóa dữ liệu trong vòng 72 giờ kể từ khi nhận được yêu cầu hợp lệ, trừ dữ liệu pháp luật buộc phải lưu giữ (mục 5). Việc rút lại sự đồng ý không ảnh hưởng đến việc xử lý hợp pháp trước đó.',
      bodyEn:
        'Under Decree 13/2023/ND-CP you have the right to be informed; to consent or refuse; to access and correct your data (mostly by yourself under Account); to withdraw consent; to have your data deleted; to restrict processing; to receive a copy of your data; to object to processing; and to complain, report, sue and claim damages as the law provides.\n\nVietFit deletes data within 72 hours of a valid request, except what the law requires us to keep (section 5). Withdrawing consent does not affect lawful processing before it.',
    },
    {
      headingVi: '7. Liên hệ',
      headingEn: '7. Contact',
      bodyVi:
        'Để thực hiện các quyền trên hoặc hỏi về dữ liệu của bạn, hãy gửi yêu cầu qua mục Hỗ trợ trong ứng dụng hoặc liên hệ bộ phận bảo vệ dữ liệu của VietFit qua các kênh tại trang Liên hệ. Chúng tôi có thể đề nghị xác minh danh tính trước khi xử lý yêu cầu. Nếu có vi phạm bảo mật ảnh hưởng đến bạn, VietFit sẽ thông báo cho bạn và cơ quan chức năng theo quy định.',
      bodyEn:
        'To use these rights or ask about your data, send a request through Support in the app or contact VietFit’s data protection team through the channels on the Contact page. We may ask you to confirm your identity first. If a security breach affects you, VietFit will tell you and the authorities as the law requires.',
    },
  ],
};

export const contentPageRows: PageSeed[] = [terms, privacy, about, support];

/** The chain's contact channels: fictional numbers (010x is no Vietnamese mobile range) and an example domain. */
export const contactSettingRows = [
  { key: 'contact_hotline', valueVi: '0100 000 100', valueEn: '0100 000 100' },
  { key: 'contact_email', valueVi: 'hotro@vietfit.example', valueEn: 'hotro@vietfit.example' },
  {
    key: 'contact_address',
    valueVi: 'Văn phòng VietFit, tầng 5, 72 Lê Thánh Tôn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
    valueEn: 'VietFit office, 5th floor, 72 Le Thanh Ton, Ben Nghe Ward, District 1, Ho Chi Minh City',
  },
  {
    key: 'contact_hours',
    valueVi: 'Hotline hỗ trợ từ 6:00 đến 22:00 hằng ngày, kể cả Chủ nhật và ngày lễ.',
    valueEn: 'The hotline answers from 6:00 to 22:00 every day, Sundays and public holidays included.',
  },
  { key: 'contact_zalo_url', valueVi: 'https://zalo.me/0100000100', valueEn: 'https://zalo.me/0100000100' },
  {
    key: 'contact_facebook_url',
    valueVi: 'https://www.facebook.com/vietfit.example',
    valueEn: 'https://www.facebook.com/vietfit.example',
  },
];

/** The legal entity that operates the clubs, named as Party A of the PT e-contract (issue 38 §6): a fictional company and tax code. */
export const operatorSettingRows = [
  {
    key: 'operator_legal_name',
    valueVi: 'Công ty Cổ phần Thể hình VietFit',
    valueEn: 'VietFit Fitness Joint Stock Company',
  },
  {
    key: 'operator_address',
    valueVi: 'Tầng 5, 72 Lê Thánh Tôn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
    valueEn: '5th floor, 72 Le Thanh Ton, Ben Nghe Ward, District 1, Ho Chi Minh City',
  },
  { key: 'operator_tax_code', valueVi: '0319990001', valueEn: '0319990001' },
];

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** The demo member's inbox: one read, three unread, each opening a screen of the app. */
export const demoNotifications = (now: Date) => [
  {
    kind: 'ACCOUNT' as const,
    titleVi: 'Chào mừng bạn đến với VietFit!',
    titleEn: 'Welcome to VietFit!',
    bodyVi: 'Tài khoản của bạn đã sẵn sàng. Hãy chọn gói tập phù hợp để bắt đầu hành trình khỏe hơn mỗi ngày.',
    bodyEn: 'Your account is ready. Choose a membership to start getting healthier every day.',
    link: '/membership',
    createdAt: new Date(now.getTime() - 7 * DAY),
    readAt: new Date(now.getTime() - 7 * DAY + HOUR),
  },
  {
    kind: 'ACCOUNT' as const,
    titleVi: 'Hoàn thiện hồ sơ của bạn',
    titleEn: 'Complete your profile',
    bodyVi: 'Thêm ảnh đại diện và email để lễ tân nhận ra bạn nhanh hơn và bạn nhận được hóa đơn điện tử.',
    bodyEn: 'Add a profile photo and an email so the front desk recognises you faster and you receive e-invoices.',
    link: '/account/information',
    createdAt: new Date(now.getTime() - 3 * DAY),
    readAt: null,
  },
  {
    kind: 'PROMOTION' as const,
    titleVi: 'Ưu đãi cuối năm: giảm 20% gói 12 tháng',
    titleEn: 'Year-end offer: 20% off 12-month plans',
    bodyVi: 'Đăng ký gói 12 tháng trước ngày 31/12 để được giảm 20% và tặng thêm 1 tháng tập.',
    bodyEn: 'Sign up for a 12-month plan before 31 December to get 20% off and one extra month free.',
    link: '/membership',
    createdAt: new Date(now.getTime() - DAY),
    readAt: null,
  },
  {
    kind: 'GENERAL' as const,
    titleVi: 'Giờ mở cửa dịp lễ',
    titleEn: 'Holiday opening hours',
    bodyVi: 'Các câu lạc bộ mở cửa từ 7:00 đến 20:00 trong những ngày nghỉ lễ. Cần hỗ trợ, hãy xem mục Hỗ trợ.',
    bodyEn: 'Clubs open from 7:00 to 20:00 on public holidays. If you need help, see Support.',
    link: '/support',
    createdAt: new Date(now.getTime() - 2 * HOUR),
    readAt: null,
  },
];

export const demoGift = (now: Date) => ({
  kind: 'PLAN_DAYS' as const,
  days: 14,
  titleVi: 'Tặng 2 tuần tập miễn phí',
  titleEn: '2 free weeks of training',
  descriptionVi:
    'Món quà chào mừng của VietFit: 14 ngày tập miễn phí tại câu lạc bộ bạn chọn, bắt đầu ngay khi gói hiện tại của bạn ở đó kết thúc.',
  descriptionEn:
    'A welcome gift from VietFit: 14 free days at the club of your choice, starting as soon as your current membership there ends.',
  expiresAt: new Date(now.getTime() + 30 * DAY),
});
