// The code catalogue of spec §8 with vi/en messages, shared by the gateway (which answers with
// these codes) and the web app (which turns them into toasts). Texts are what a member reads.

export type Lang = 'vi' | 'en';
export type Localized = { vi: string; en: string };
export type Code = number | string;

export const Codes = {
  // Success: any 4-digit code (§7). 1000 is a plain successful read.
  OK: 1000,
  OTP_SENT: 1001,
  SIGNED_IN: 1002,
  SIGNED_UP: 1003,
  REFERRAL_APPLIED: 1019,
  PURCHASE_REQUEST_CREATED: 1022,
  PT_SIGNUP_AWAITING_CONFIRM: 1029,
  BOOKING_AWAITING_PT: 1033,
  BOOKING_CANCELLED: 1035,
  FREEZE_REQUESTED: 1042,
  UNFROZEN: 1043,
  CARD_ADDED: 1052,
  CONTRACT_SIGNED: 1053,
  CARD_DELETED: 1055,
  PHONE_CHANGED: 1081,
  DEFAULT_CARD_SET: 1083,
  GIFT_ACTIVATED: 1101,
  BLACK_CARD_UPGRADED: 1103,
  FAVORITE_ADDED: 1118,
  FAVORITE_REMOVED: 1119,
  REPORT_RECORDED: 1120,
  INBODY_UPLOADED: 1121,
  INBODY_DELETED: 1123,
  INBODY_UPDATED: 1124,
  RATING_SUBMITTED: 1128,

  // General
  SESSION_EXPIRED: -1,
  SYSTEM_ERROR: 1,
  VALIDATION: 2,
  TIMEOUT: 3,
  /** An upstream service failed; the envelope's `description` says why (see messageForCode). */
  SERVICE_ERROR: 4,
  AUTH: 5,
  FORBIDDEN: 6,
  FILE_TOO_LARGE: 100,
  NOT_AN_IMAGE: 102,
  CANNOT_SCAN: 103,

  // Referral
  REFERRAL_ONLY_NEW_USERS: 152,
  /** No member owns the entered referral code (phone number). */
  REFERRAL_CODE_NOT_FOUND: 153,
  /** The code is malformed: not 10–11 digits (§5 'Invalid referral code'). */
  REFERRAL_CODE_INVALID: 154,
  /** The code's owner exists but the account is locked or deactivated. */
  REFERRAL_CODE_INACTIVE: 155,
  REFERRER_NO_MEMBERSHIP: 156,
  REFERRAL_LIMIT_EXCEEDED: 157,

  // Booking
  NO_PACKAGE_AT_CLUB: 163,
  INVALID_BOOKING_TIME: 164,
  COMPLETE_CURRENT_PT_SESSION: 165,
  BOOKING_DAILY_LIMIT: 166,
  COMPLETE_FREE_SESSION: 167,

  // Freeze
  FREEZE_EXISTS: 168,
  /** No freeze request with that id belongs to the caller. */
  FREEZE_NOT_FOUND: 169,
  /** Unfreeze asked, but the membership has no freeze currently in effect. */
  ACTIVE_FREEZE_NOT_FOUND: 170,

  // Referral (sender side)
  REFERRAL_NO_PACKAGE_YET: 177,
  REFERRAL_SELF: 178,
  REFERRED_NOT_NEW: 179,
  REFERRAL_TRIAL_EXCLUDED: 180,

  // Account
  PHONE_NOT_FOUND: 200,
  /** ID-card/passport scan: the ID number is already linked to another account. */
  ID_NUMBER_IN_USE: 201,
  /** ID scan: the name on the document differs from the profile's full name. */
  ID_NAME_MISMATCH: 202,
  /** ID scan: the date of birth on the document makes the member younger than 15 (§9). */
  ID_UNDER_MIN_AGE: 203,
  /** ID scan: the document's expiry date (doe) is in the past. */
  ID_DOCUMENT_EXPIRED: 204,
  /** ID scan: the document is not the type asked for (recognitionType), e.g. a driving licence. */
  ID_WRONG_DOCUMENT_TYPE: 205,
  /** ID scan: this account already has a verified ID. */
  ID_ALREADY_VERIFIED: 206,
  PHONE_EXISTS: 208,
  WRONG_OTP: 209,
  /** A staff account (not MEMBER) tried to use the member app. */
  NOT_CUSTOMER: 210,

  // Coupons
  COUPON_USED: 352,
  COUPON_NEW_CUSTOMERS_ONLY: 353,

  // PT
  UNPAID_PT_PACKAGE: 453,
  PT_SCHEDULE_CLASH: 456,
  CANNOT_CANCEL_PT_CONFIRMED: 458,
  CANNOT_RATE: 459,
  ALREADY_RATED: 460,

  // OCR of ID documents (FPT.AI errorCodes map here through fptErrorToCode; the rest are our checks)
  OCR_BLURRY: 500,
  /** FPT 3: no ID card found, or the image is too poor to find one. */
  OCR_NO_ID_FOUND: 501,
  /** FPT 2: cropping failed because not all four corners are visible. */
  OCR_CORNERS_MISSING: 502,
  OCR_GLARE: 503,
  /** Below about 640×480, or the card fills less than a quarter of the image. */
  OCR_TOO_SMALL: 504,
  /** Recognised, but the confidences (overall_score, *_prob) are too low to trust. */
  OCR_LOW_CONFIDENCE: 505,
  /** FPT 7. */
  OCR_NOT_AN_IMAGE: 506,
  /** FPT 8 (bad data) and 10 (invalid base64): the bytes are corrupt. */
  OCR_BAD_IMAGE_DATA: 507,
  /** FPT 5 (no URL) and 9 (no base64): no image reached the provider. */
  OCR_IMAGE_MISSING: 508,
  /** FPT 6: the image URL could not be opened. */
  OCR_IMAGE_UNREACHABLE: 509,
  /** FPT 1: invalid parameters (our request was wrong). */
  OCR_INVALID_REQUEST: 510,
  /** The provider is down, refuses our key, or is out of quota. */
  OCR_SERVICE_UNAVAILABLE: 511,

  // Cards and payment
  CARD_NOT_FOUND: 550,
  /** The bank or VNPAY did not complete the payment (any vnp_ResponseCode other than 00). */
  PAYMENT_DECLINED: 551,
  /** The VNPAY return/IPN checksum (vnp_SecureHash) does not verify. */
  PAYMENT_SIGNATURE_INVALID: 552,
  /** The paid vnp_Amount differs from the order's amount. */
  PAYMENT_AMOUNT_MISMATCH: 553,

  // Subscription
  SUBSCRIPTION_EXISTS: 750,
  CANNOT_UPGRADE: 751,

  // Favorites
  FAVORITES_EMPTY: 752,
  ALREADY_FAVORITE: 753,

  // String codes of §8
  /** The OTP expired or was entered wrong too many times: a new one is needed. */
  OTP_NOT_VALID: 'OTP_NOT_VALID',
  LIMIT_30_SECONDS: 'LIMIT_30_SECONDS',
  PHONENUMBER_EXISTED: 'PHONENUMBER_EXISTED',
  INVALID_TIME: 'INVALID_TIME',
  EXIST_SESSION_NOT_COMPLETE: 'EXIST_SESSION_NOT_COMPLETE',
  LIMIT_BOOKED_SESSIONS: 'LIMIT_BOOKED_SESSIONS',
  INTERNAL_SERVER_ERROR: 'Internal server error',

  // Ours, not in the spec but needed by the gateway:
  /** Per-phone daily / per-IP hourly caps (HTTP 429). */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** Unknown route or object (HTTP 404). */
  NOT_FOUND: 'NOT_FOUND',
  /** §5 'This promo code is invalid or used before.' */
  PROMO_CODE_INVALID: 'PROMO_CODE_INVALID',
  /** Change phone: the new number is the account's own current number (issue 10 §16). */
  PHONE_IS_CURRENT: 'PHONE_IS_CURRENT',
  /** Check-in (issue 11, ADR 032): each refusal of a door scan has its own code, said to staff. */
  CHECK_IN_CODE_INVALID: 'CHECK_IN_CODE_INVALID',
  CHECK_IN_CODE_EXPIRED: 'CHECK_IN_CODE_EXPIRED',
  CHECK_IN_CODE_FUTURE: 'CHECK_IN_CODE_FUTURE',
  CHECK_IN_CODE_USED: 'CHECK_IN_CODE_USED',
  CHECK_IN_DEVICE_REVOKED: 'CHECK_IN_DEVICE_REVOKED',
  CHECK_IN_NO_MEMBERSHIP: 'CHECK_IN_NO_MEMBERSHIP',
  CHECK_IN_MEMBERSHIP_EXPIRED: 'CHECK_IN_MEMBERSHIP_EXPIRED',
  CHECK_IN_FROZEN: 'CHECK_IN_FROZEN',
  CHECK_IN_WRONG_CLUB: 'CHECK_IN_WRONG_CLUB',
  CHECK_IN_PASS_BACK: 'CHECK_IN_PASS_BACK',
  /** Classes (issue 11 §4, ADR 034): each refusal of a booking says why, to the member. */
  CLASS_BOOKING_NOT_OPEN: 'CLASS_BOOKING_NOT_OPEN',
  CLASS_BOOKING_CLOSED: 'CLASS_BOOKING_CLOSED',
  CLASS_FULL: 'CLASS_FULL',
  CLASS_CANCELLED: 'CLASS_CANCELLED',
  CLASS_BLOCKED: 'CLASS_BLOCKED',
  CLASS_NO_MEMBERSHIP: 'CLASS_NO_MEMBERSHIP',
  CLASS_FROZEN: 'CLASS_FROZEN',
  CLASS_WRONG_CLUB: 'CLASS_WRONG_CLUB',
  CLASS_CANCEL_CLOSED: 'CLASS_CANCEL_CLOSED',
  /** Class attendance at the desk (issue 17, ADR 051): only a booked spot, only around the class. */
  CLASS_ATTENDANCE_NOT_BOOKED: 'CLASS_ATTENDANCE_NOT_BOOKED',
  CLASS_ATTENDANCE_CLOSED: 'CLASS_ATTENDANCE_CLOSED',
  /** Gifts (issue 12 §3, ADR 035): why a gift cannot be activated or the experience pass taken. */
  GIFT_NOT_FOUND: 'GIFT_NOT_FOUND',
  GIFT_EXPIRED: 'GIFT_EXPIRED',
  GIFT_USED: 'GIFT_USED',
  GIFT_PLAN_NOT_ALLOWED: 'GIFT_PLAN_NOT_ALLOWED',
  GIFT_EXPERIENCE_MEMBERS: 'GIFT_EXPERIENCE_MEMBERS',
  GIFT_EXPERIENCE_TAKEN: 'GIFT_EXPERIENCE_TAKEN',
  /** Freezes (issue 12 §1, ADR 036): why this membership cannot be frozen as asked. */
  FREEZE_NOT_ALLOWED: 'FREEZE_NOT_ALLOWED',
  FREEZE_NOT_STARTED: 'FREEZE_NOT_STARTED',
  FREEZE_ALLOWANCE_EXCEEDED: 'FREEZE_ALLOWANCE_EXCEEDED',
  FREEZE_START_INVALID: 'FREEZE_START_INVALID',
  FREEZE_DURATION_INVALID: 'FREEZE_DURATION_INVALID',
  /** Referral (issue 12 §4, ADR 037): this member texted this number less than a week ago. */
  REFERRAL_INVITED_RECENTLY: 'REFERRAL_INVITED_RECENTLY',
  /** Subscriptions (issue 12 §2, ADR 038): already cancelled or over; over (no card change, no cancel). */
  SUBSCRIPTION_NOT_CANCELLABLE: 'SUBSCRIPTION_NOT_CANCELLABLE',
  SUBSCRIPTION_CLOSED: 'SUBSCRIPTION_CLOSED',
  /** A subscription's first month paid otherwise than by a saved card (issue 38 §2): nothing would charge the next months. */
  SUBSCRIPTION_CARD_REQUIRED: 'SUBSCRIPTION_CARD_REQUIRED',
  /** Feedback (issue 16 §1, ADR 039): staff answered this feedback already; the first reply stands. */
  FEEDBACK_ALREADY_HANDLED: 'FEEDBACK_ALREADY_HANDLED',
  /** PT (issue 13, ADR 045): the membership that opens the club is frozen today. */
  PT_FROZEN: 'PT_FROZEN',
  /** PT (issue 38 §6): sessions are booked once the package's e-contract is signed. */
  PT_CONTRACT_UNSIGNED: 'PT_CONTRACT_UNSIGNED',
  /** PT e-contract (issue 38 §6): the member's full name is not on their profile, so the contract cannot name them. */
  E_CONTRACT_NAME_MISSING: 'E_CONTRACT_NAME_MISSING',
} as const;

/** §8 referral refusals (152–157, 177–180): said by the referral field, at sign-up and at purchase. */
export const referralRefusalCodes: ReadonlySet<Code> = new Set<Code>([
  152, 153, 154, 155, 156, 157, 177, 178, 179, 180,
]);

export type CodeName = keyof typeof Codes;
export type KnownCode = (typeof Codes)[CodeName];

const C = Codes;

// `satisfies` makes the compiler refuse a missing or extra code.
const messages = {
  // Success
  [C.OK]: { vi: 'Thao tác thành công.', en: 'Done.' },
  [C.OTP_SENT]: { vi: 'Mã OTP đã được gửi đến số điện thoại của bạn.', en: 'A code has been sent to your phone.' },
  [C.SIGNED_IN]: { vi: 'Đăng nhập thành công.', en: 'Signed in.' },
  [C.SIGNED_UP]: { vi: 'Đăng ký tài khoản thành công. Chào mừng bạn!', en: 'Your account is ready. Welcome!' },
  [C.REFERRAL_APPLIED]: { vi: 'Đã áp dụng mã giới thiệu.', en: 'Referral code applied.' },
  [C.PURCHASE_REQUEST_CREATED]: {
    vi: 'Đã tạo yêu cầu mua gói tập. Vui lòng hoàn tất thanh toán.',
    en: 'Purchase request created. Please complete the payment.',
  },
  [C.PT_SIGNUP_AWAITING_CONFIRM]: {
    vi: 'Đăng ký thành công, đang chờ huấn luyện viên (PT) xác nhận.',
    en: 'Signed up! Waiting for your PT to confirm.',
  },
  [C.BOOKING_AWAITING_PT]: {
    vi: 'Đặt lịch thành công, đang chờ huấn luyện viên (PT) xác nhận.',
    en: 'Session booked. Waiting for your PT to confirm.',
  },
  [C.BOOKING_CANCELLED]: { vi: 'Đã hủy lịch tập.', en: 'Booking cancelled.' },
  [C.FREEZE_REQUESTED]: { vi: 'Đã gửi yêu cầu bảo lưu gói tập.', en: 'Freeze request sent.' },
  [C.UNFROZEN]: { vi: 'Đã hủy bảo lưu, gói tập của bạn hoạt động trở lại.', en: 'Your membership is active again.' },
  [C.CARD_ADDED]: { vi: 'Đã thêm thẻ thanh toán.', en: 'Card added.' },
  [C.CONTRACT_SIGNED]: { vi: 'Ký hợp đồng thành công.', en: 'Contract signed.' },
  [C.CARD_DELETED]: { vi: 'Đã xóa thẻ thanh toán.', en: 'Card removed.' },
  [C.PHONE_CHANGED]: { vi: 'Đã đổi số điện thoại thành công.', en: 'Phone number updated.' },
  [C.DEFAULT_CARD_SET]: { vi: 'Đã đặt làm thẻ thanh toán mặc định.', en: 'Default card updated.' },
  [C.GIFT_ACTIVATED]: { vi: 'Kích hoạt quà tặng thành công.', en: 'Gift activated.' },
  [C.BLACK_CARD_UPGRADED]: { vi: 'Nâng cấp lên thẻ Black thành công.', en: 'Upgraded to Black Card.' },
  [C.FAVORITE_ADDED]: { vi: 'Đã thêm vào danh sách yêu thích.', en: 'Added to favorites.' },
  [C.FAVORITE_REMOVED]: { vi: 'Đã xóa khỏi danh sách yêu thích.', en: 'Removed from favorites.' },
  [C.REPORT_RECORDED]: {
    vi: 'Cảm ơn bạn! Chúng tôi đã ghi nhận phản hồi của bạn.',
    en: 'Thanks! Your report has been recorded.',
  },
  [C.INBODY_UPLOADED]: { vi: 'Đã tải lên kết quả InBody.', en: 'InBody result uploaded.' },
  [C.INBODY_DELETED]: { vi: 'Đã xóa kết quả InBody.', en: 'InBody result deleted.' },
  [C.INBODY_UPDATED]: { vi: 'Đã cập nhật kết quả InBody.', en: 'InBody result updated.' },
  [C.RATING_SUBMITTED]: { vi: 'Cảm ơn bạn đã đánh giá!', en: 'Thanks for your rating!' },

  // General
  [C.SESSION_EXPIRED]: {
    vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.',
    en: 'Login session expired',
  },
  [C.SYSTEM_ERROR]: {
    vi: 'Hệ thống đang gặp sự cố, vui lòng thử lại sau.',
    en: 'Something went wrong. Please try again later.',
  },
  [C.VALIDATION]: {
    vi: 'Thông tin chưa hợp lệ, vui lòng kiểm tra lại.',
    en: 'Some details are not valid. Please check and try again.',
  },
  [C.TIMEOUT]: {
    vi: 'Hết thời gian chờ phản hồi, vui lòng thử lại.',
    en: 'The request timed out. Please try again.',
  },
  [C.SERVICE_ERROR]: {
    vi: 'Dịch vụ đang tạm thời gián đoạn, vui lòng thử lại sau.',
    en: 'The service is temporarily unavailable. Please try again later.',
  },
  [C.AUTH]: { vi: 'Vui lòng đăng nhập để tiếp tục.', en: 'Please sign in to continue.' },
  [C.FORBIDDEN]: { vi: 'Bạn không có quyền thực hiện thao tác này.', en: "You don't have permission to do this." },
  [C.FILE_TOO_LARGE]: {
    vi: 'Tệp quá lớn, vui lòng chọn ảnh có dung lượng nhỏ hơn.',
    en: 'The file is too large. Please choose a smaller image.',
  },
  [C.NOT_AN_IMAGE]: { vi: 'Tệp đã chọn không phải là ảnh.', en: 'The selected file is not an image.' },
  [C.CANNOT_SCAN]: {
    vi: 'Không thể nhận diện ảnh, vui lòng chụp lại rõ hơn.',
    en: "We couldn't read this image. Please take a clearer photo.",
  },

  // Referral
  [C.REFERRAL_ONLY_NEW_USERS]: {
    vi: 'Mã giới thiệu chỉ dành cho hội viên mới: mua gói tập đầu tiên trong vòng 14 ngày kể từ ngày đăng ký tài khoản.',
    en: 'Referral codes are for new members only: a first membership bought within 14 days of signing up.',
  },
  [C.REFERRAL_CODE_NOT_FOUND]: { vi: 'Không tìm thấy mã giới thiệu.', en: 'Referral code not found.' },
  [C.REFERRAL_CODE_INVALID]: { vi: 'Mã giới thiệu không hợp lệ.', en: 'Invalid referral code.' },
  [C.REFERRAL_CODE_INACTIVE]: {
    vi: 'Mã giới thiệu này hiện không còn hiệu lực.',
    en: 'This referral code is no longer active.',
  },
  [C.REFERRER_NO_MEMBERSHIP]: {
    vi: 'Người giới thiệu hiện chưa có gói tập còn hiệu lực.',
    en: "The person who referred you doesn't have an active membership.",
  },
  [C.REFERRAL_LIMIT_EXCEEDED]: {
    vi: 'Đã vượt quá số lượt giới thiệu cho phép.',
    en: 'The referral limit has been reached.',
  },

  // Booking
  [C.NO_PACKAGE_AT_CLUB]: {
    vi: 'Bạn chưa có gói tập tại câu lạc bộ này.',
    en: "You don't have a membership plan at this club.",
  },
  [C.INVALID_BOOKING_TIME]: {
    vi: 'Thời gian đặt lịch không hợp lệ, vui lòng chọn giờ khác.',
    en: "That time can't be booked. Please pick another time.",
  },
  [C.COMPLETE_CURRENT_PT_SESSION]: {
    vi: 'Mỗi lần chỉ đặt được một buổi với huấn luyện viên (PT): hãy tập xong (hoặc hủy) buổi đã đặt rồi đặt buổi tiếp theo.',
    en: 'You can book one PT session at a time: finish (or cancel) the session you booked, then book the next.',
  },
  [C.BOOKING_DAILY_LIMIT]: {
    vi: 'Bạn chỉ có thể đặt 1 buổi tập mỗi ngày: hãy chọn ngày khác.',
    en: 'You can book only one session a day: please pick another day.',
  },
  [C.COMPLETE_FREE_SESSION]: {
    vi: 'Vui lòng hoàn thành buổi tập miễn phí hiện tại trước khi đặt lịch mới.',
    en: 'Please finish your current free session before booking another.',
  },

  // Freeze
  [C.FREEZE_EXISTS]: { vi: 'Gói tập này đã có yêu cầu bảo lưu.', en: 'This membership already has a freeze.' },
  [C.FREEZE_NOT_FOUND]: { vi: 'Không tìm thấy yêu cầu bảo lưu.', en: 'Freeze request not found.' },
  [C.ACTIVE_FREEZE_NOT_FOUND]: {
    vi: 'Gói tập hiện không trong thời gian bảo lưu.',
    en: 'This membership is not frozen at the moment.',
  },

  // Referral (sender side)
  [C.REFERRAL_NO_PACKAGE_YET]: {
    vi: 'Bạn cần có gói tập trước khi giới thiệu bạn bè.',
    en: 'You need a membership plan before you can refer friends.',
  },
  [C.REFERRAL_SELF]: { vi: 'Bạn không thể tự giới thiệu chính mình.', en: "You can't refer yourself." },
  [C.REFERRED_NOT_NEW]: {
    vi: 'Người được giới thiệu không phải là hội viên mới.',
    en: 'This person is not a new member.',
  },
  [C.REFERRAL_TRIAL_EXCLUDED]: {
    vi: 'Ưu đãi giới thiệu không áp dụng cho gói tập thử.',
    en: "Referral offers don't apply to trial plans.",
  },

  // Account
  [C.PHONE_NOT_FOUND]: { vi: 'Số điện thoại chưa được đăng ký.', en: 'This phone number is not registered.' },
  [C.ID_NUMBER_IN_USE]: {
    vi: 'Số CCCD/hộ chiếu này đã được đăng ký cho một tài khoản khác.',
    en: 'This ID number is already linked to another account.',
  },
  [C.ID_NAME_MISMATCH]: {
    vi: 'Họ tên trên giấy tờ không khớp với thông tin tài khoản.',
    en: "The name on the document doesn't match your profile.",
  },
  [C.ID_UNDER_MIN_AGE]: {
    vi: 'Theo ngày sinh trên giấy tờ, bạn chưa đủ 15 tuổi để đăng ký hội viên.',
    en: 'You must be at least 15 years old to become a member.',
  },
  [C.ID_DOCUMENT_EXPIRED]: {
    vi: 'Giấy tờ đã hết hạn, vui lòng dùng giấy tờ còn hiệu lực.',
    en: 'This document has expired. Please use a valid one.',
  },
  [C.ID_WRONG_DOCUMENT_TYPE]: {
    vi: 'Loại giấy tờ không đúng, vui lòng chụp CCCD hoặc hộ chiếu.',
    en: 'Wrong document type. Please scan an ID card or passport.',
  },
  [C.ID_ALREADY_VERIFIED]: {
    vi: 'Tài khoản của bạn đã được xác minh giấy tờ trước đó.',
    en: 'Your ID has already been verified.',
  },
  [C.PHONE_EXISTS]: { vi: 'Số điện thoại này đã được đăng ký.', en: 'This phone number is already registered.' },
  [C.WRONG_OTP]: { vi: 'Mã OTP không đúng, vui lòng thử lại.', en: 'Wrong code. Please try again.' },
  [C.NOT_CUSTOMER]: {
    vi: 'Tài khoản này không phải tài khoản hội viên.',
    en: 'This is not a member account.',
  },

  // Coupons
  [C.COUPON_USED]: { vi: 'Mã khuyến mãi đã được sử dụng.', en: 'This coupon has already been used.' },
  [C.COUPON_NEW_CUSTOMERS_ONLY]: {
    vi: 'Mã khuyến mãi chỉ áp dụng cho khách hàng mới.',
    en: 'This coupon is for new customers only.',
  },

  // PT
  [C.UNPAID_PT_PACKAGE]: {
    vi: 'Bạn còn gói tập với huấn luyện viên (PT) chưa thanh toán. Vui lòng thanh toán trước khi đăng ký gói mới.',
    en: 'You have an unpaid PT package. Please pay for it before registering a new one.',
  },
  [C.PT_FROZEN]: {
    vi: 'Gói tập của bạn đang bảo lưu, nên chưa đăng ký hoặc đặt lịch với huấn luyện viên (PT) được.',
    en: 'Your membership is frozen, so you cannot sign up for or book PT sessions.',
  },
  [C.PT_CONTRACT_UNSIGNED]: {
    vi: 'Vui lòng ký hợp đồng điện tử của gói PT trước khi đặt lịch tập.',
    en: 'Please sign the e-contract of your PT package before booking sessions.',
  },
  [C.E_CONTRACT_NAME_MISSING]: {
    vi: 'Vui lòng nhập họ và tên của bạn để hợp đồng ghi đúng tên người ký.',
    en: 'Please enter your full name so that the contract names you.',
  },
  [C.PT_SCHEDULE_CLASH]: {
    vi: 'Huấn luyện viên (PT) đã có lịch vào thời gian này, vui lòng chọn giờ khác.',
    en: 'Your PT is busy at that time. Please pick another time.',
  },
  [C.CANNOT_CANCEL_PT_CONFIRMED]: {
    vi: 'Không thể hủy vì huấn luyện viên (PT) đã xác nhận lịch tập.',
    en: "This booking can't be cancelled because your PT has confirmed it.",
  },
  [C.CANNOT_RATE]: {
    vi: 'Bạn chỉ có thể đánh giá buổi tập đã hoàn thành.',
    en: 'You can only rate completed sessions.',
  },
  [C.ALREADY_RATED]: { vi: 'Bạn đã đánh giá buổi tập này rồi.', en: "You've already rated this session." },

  // OCR
  [C.OCR_BLURRY]: {
    vi: 'Ảnh bị mờ, vui lòng giữ chắc máy và chụp lại.',
    en: 'The photo is blurry. Hold steady and try again.',
  },
  [C.OCR_NO_ID_FOUND]: {
    vi: 'Không tìm thấy giấy tờ tùy thân trong ảnh, vui lòng chụp lại.',
    en: "We couldn't find an ID document in the photo. Please try again.",
  },
  [C.OCR_CORNERS_MISSING]: {
    vi: 'Ảnh chưa thấy đủ 4 góc giấy tờ, vui lòng chụp lại toàn bộ giấy tờ.',
    en: 'All four corners of the document must be visible. Please try again.',
  },
  [C.OCR_GLARE]: {
    vi: 'Ảnh bị lóa sáng, vui lòng tránh ánh đèn chiếu thẳng và chụp lại.',
    en: 'There is glare on the photo. Avoid direct light and try again.',
  },
  [C.OCR_TOO_SMALL]: {
    vi: 'Giấy tờ trong ảnh quá nhỏ, vui lòng đưa máy lại gần hơn và chụp lại.',
    en: 'The document is too small in the photo. Move closer and try again.',
  },
  [C.OCR_LOW_CONFIDENCE]: {
    vi: 'Không đọc rõ được thông tin trên giấy tờ, vui lòng chụp lại rõ hơn.',
    en: "We couldn't read the details clearly. Please take a clearer photo.",
  },
  [C.OCR_NOT_AN_IMAGE]: {
    vi: 'Tệp tải lên không phải là ảnh hợp lệ.',
    en: 'The uploaded file is not a valid image.',
  },
  [C.OCR_BAD_IMAGE_DATA]: {
    vi: 'Ảnh bị lỗi hoặc không đọc được, vui lòng chọn ảnh khác.',
    en: 'The image is damaged or unreadable. Please choose another one.',
  },
  [C.OCR_IMAGE_MISSING]: {
    vi: 'Chưa nhận được ảnh, vui lòng chụp hoặc chọn ảnh giấy tờ.',
    en: 'No image received. Please take or choose a photo.',
  },
  [C.OCR_IMAGE_UNREACHABLE]: {
    vi: 'Không tải được ảnh, vui lòng thử lại.',
    en: "We couldn't load the image. Please try again.",
  },
  [C.OCR_INVALID_REQUEST]: {
    vi: 'Yêu cầu nhận diện giấy tờ không hợp lệ, vui lòng thử lại.',
    en: 'The scan request was not valid. Please try again.',
  },
  [C.OCR_SERVICE_UNAVAILABLE]: {
    vi: 'Dịch vụ nhận diện giấy tờ đang tạm gián đoạn, vui lòng thử lại sau.',
    en: 'ID scanning is temporarily unavailable. Please try again later.',
  },

  // Cards and payment
  [C.CARD_NOT_FOUND]: { vi: 'Không tìm thấy thẻ thanh toán.', en: 'Card not found.' },
  [C.PAYMENT_DECLINED]: {
    vi: 'Thanh toán không thành công, vui lòng thử lại hoặc chọn phương thức khác.',
    en: 'Payment failed. Please try again or use another method.',
  },
  [C.PAYMENT_SIGNATURE_INVALID]: {
    vi: 'Không xác thực được giao dịch thanh toán, vui lòng thử lại.',
    en: "We couldn't verify the payment. Please try again.",
  },
  [C.PAYMENT_AMOUNT_MISMATCH]: {
    vi: 'Số tiền thanh toán không khớp với đơn hàng, vui lòng liên hệ câu lạc bộ để được hỗ trợ.',
    en: "The amount paid doesn't match the order. Please contact your club.",
  },

  // Subscription
  [C.SUBSCRIPTION_EXISTS]: {
    vi: 'Bạn đã có gói tập thanh toán định kỳ hằng tháng.',
    en: 'You already have a monthly subscription.',
  },
  [C.CANNOT_UPGRADE]: {
    vi: 'Gói tập hiện tại chưa thể nâng cấp.',
    en: "Your plan can't be upgraded right now.",
  },

  // Favorites
  [C.FAVORITES_EMPTY]: { vi: 'Danh sách yêu thích đang trống.', en: 'Your favorites list is empty.' },
  [C.ALREADY_FAVORITE]: { vi: 'Mục này đã có trong danh sách yêu thích.', en: 'Already in your favorites.' },

  // String codes
  [C.OTP_NOT_VALID]: {
    vi: 'Mã OTP đã hết hạn hoặc bạn đã nhập sai quá nhiều lần, vui lòng yêu cầu mã mới.',
    en: 'This code has expired or was entered wrong too many times. Please request a new one.',
  },
  [C.LIMIT_30_SECONDS]: {
    vi: 'Vui lòng đợi 30 giây rồi thử lại.',
    en: 'Please wait 30 seconds and try again.',
  },
  [C.PHONENUMBER_EXISTED]: {
    vi: 'Số điện thoại này đã được dùng cho một tài khoản khác.',
    en: 'This phone number is already used by another account.',
  },
  [C.INVALID_TIME]: {
    vi: 'Thời gian đã chọn không hợp lệ, vui lòng chọn lại.',
    en: 'The selected time is not valid. Please choose again.',
  },
  [C.EXIST_SESSION_NOT_COMPLETE]: {
    vi: 'Bạn còn buổi tập chưa hoàn thành, vui lòng hoàn thành trước khi đặt lịch mới.',
    en: 'You have a session that is not finished yet. Please complete it before booking again.',
  },
  [C.LIMIT_BOOKED_SESSIONS]: {
    vi: 'Bạn đã đặt đủ số buổi tập cho phép.',
    en: "You've reached the maximum number of booked sessions.",
  },
  [C.INTERNAL_SERVER_ERROR]: {
    vi: 'Máy chủ đang gặp sự cố, vui lòng thử lại sau ít phút.',
    en: 'Server error. Please try again in a few minutes.',
  },

  // Ours
  [C.PHONE_IS_CURRENT]: {
    vi: 'Đây là số điện thoại hiện tại của bạn. Hãy nhập số mới.',
    en: 'This is your current phone number. Please enter the new one.',
  },
  [C.CHECK_IN_CODE_INVALID]: {
    vi: 'Mã check-in không hợp lệ. Hãy nhờ hội viên mở lại trang Check-in trên ứng dụng.',
    en: 'This check-in code is not valid. Ask the member to open Check-in in the app again.',
  },
  [C.CHECK_IN_CODE_EXPIRED]: {
    vi: 'Mã check-in đã hết hạn. Hãy quét mã mới đang hiện trên điện thoại.',
    en: 'This check-in code has expired. Scan the new code on the phone.',
  },
  [C.CHECK_IN_CODE_FUTURE]: {
    vi: 'Mã check-in chưa đến giờ dùng: đồng hồ điện thoại của hội viên đang chạy nhanh.',
    en: 'This check-in code is not valid yet: the member’s phone clock is running fast.',
  },
  [C.CHECK_IN_CODE_USED]: {
    vi: 'Mã check-in này đã được dùng. Hãy quét mã mới đang hiện trên điện thoại.',
    en: 'This check-in code has already been used. Scan the new code on the phone.',
  },
  [C.CHECK_IN_DEVICE_REVOKED]: {
    vi: 'Điện thoại này đã bị gỡ khỏi tài khoản. Hội viên cần đăng nhập lại để check-in.',
    en: 'This phone was removed from the account. The member needs to sign in again to check in.',
  },
  [C.CHECK_IN_NO_MEMBERSHIP]: {
    vi: 'Hội viên chưa có gói tập đang hoạt động.',
    en: 'The member has no active membership.',
  },
  [C.CHECK_IN_MEMBERSHIP_EXPIRED]: {
    vi: 'Gói tập của hội viên đã hết hạn.',
    en: 'The member’s membership has expired.',
  },
  [C.CHECK_IN_FROZEN]: {
    vi: 'Gói tập của hội viên đang bảo lưu.',
    en: 'The member’s membership is frozen.',
  },
  [C.CHECK_IN_WRONG_CLUB]: {
    vi: 'Gói tập của hội viên không dùng được tại câu lạc bộ này.',
    en: 'The member’s membership does not include this club.',
  },
  [C.CHECK_IN_PASS_BACK]: {
    vi: 'Hội viên vừa check-in cách đây chưa đến 5 phút.',
    en: 'The member checked in less than 5 minutes ago.',
  },
  [C.CLASS_BOOKING_NOT_OPEN]: {
    vi: 'Lớp này chưa mở đặt chỗ. Bạn có thể đặt từ 48 giờ trước giờ bắt đầu.',
    en: 'Booking for this class is not open yet. You can book from 48 hours before it starts.',
  },
  [C.CLASS_BOOKING_CLOSED]: {
    vi: 'Lớp này đã đóng đặt chỗ (30 phút trước giờ bắt đầu).',
    en: 'Booking for this class has closed (30 minutes before it starts).',
  },
  [C.CLASS_FULL]: {
    vi: 'Lớp đã hết chỗ. Bạn có thể vào danh sách chờ.',
    en: 'This class is full. You can join the waitlist.',
  },
  [C.CLASS_CANCELLED]: {
    vi: 'Lớp này đã bị hủy.',
    en: 'This class has been cancelled.',
  },
  [C.CLASS_BLOCKED]: {
    vi: 'Bạn đã hủy muộn hoặc vắng mặt 3 lần trong 30 ngày, nên tạm thời chưa đặt lớp mới được.',
    en: 'You cancelled late or missed a class 3 times in 30 days, so you cannot book new classes for now.',
  },
  [C.CLASS_NO_MEMBERSHIP]: {
    vi: 'Bạn cần có gói tập đang hoạt động để đặt lớp.',
    en: 'You need an active membership to book a class.',
  },
  [C.CLASS_FROZEN]: {
    vi: 'Gói tập của bạn đang bảo lưu, nên chưa đặt lớp được.',
    en: 'Your membership is frozen, so you cannot book classes.',
  },
  [C.CLASS_WRONG_CLUB]: {
    vi: 'Gói tập của bạn không dùng được tại câu lạc bộ của lớp này.',
    en: 'Your membership does not include this class’s club.',
  },
  [C.CLASS_CANCEL_CLOSED]: {
    vi: 'Lớp đã bắt đầu nên không hủy được nữa.',
    en: 'The class has started, so it can no longer be cancelled.',
  },
  [C.CLASS_ATTENDANCE_NOT_BOOKED]: {
    vi: 'Chỉ điểm danh được hội viên đã có chỗ trong lớp (không phải danh sách chờ hay đã hủy).',
    en: 'Only a member with a spot in the class can be marked (not one on the waitlist or cancelled).',
  },
  [C.CLASS_ATTENDANCE_CLOSED]: {
    vi: 'Chỉ điểm danh được từ 30 phút trước giờ bắt đầu đến 24 giờ sau khi lớp kết thúc.',
    en: 'Attendance can be marked from 30 minutes before the class starts until 24 hours after it ends.',
  },
  [C.GIFT_NOT_FOUND]: {
    vi: 'Không tìm thấy quà tặng này trong tài khoản của bạn.',
    en: 'We couldn’t find this gift in your account.',
  },
  [C.GIFT_EXPIRED]: {
    vi: 'Quà tặng này đã hết hạn kích hoạt.',
    en: 'This gift can no longer be activated: it has expired.',
  },
  [C.GIFT_USED]: {
    vi: 'Quà tặng này đã được sử dụng.',
    en: 'This gift has already been used.',
  },
  [C.GIFT_PLAN_NOT_ALLOWED]: {
    vi: 'Quà tặng không áp dụng cho gói tập này. Vui lòng chọn câu lạc bộ khác.',
    en: 'This gift cannot be used for that plan. Please choose another club.',
  },
  [C.GIFT_EXPERIENCE_MEMBERS]: {
    vi: 'Buổi trải nghiệm miễn phí chỉ dành cho người chưa từng mua gói tập.',
    en: 'The free experience pass is only for people who have never bought a membership.',
  },
  [C.GIFT_EXPERIENCE_TAKEN]: {
    vi: 'Bạn đã nhận buổi trải nghiệm miễn phí trước đây. Mỗi tài khoản chỉ nhận được một lần.',
    en: 'You have already had your free experience pass. Each account gets it once.',
  },
  [C.FREEZE_NOT_ALLOWED]: {
    vi: 'Gói tập này không thể bảo lưu. Chỉ gói trả trước từ 3 tháng trở lên, đang còn hiệu lực, mới được bảo lưu.',
    en: 'This membership cannot be frozen. Only running memberships paid in advance for 3 months or more can be.',
  },
  [C.FREEZE_NOT_STARTED]: {
    vi: 'Gói tập chưa bắt đầu nên chưa thể bảo lưu.',
    en: 'This membership has not started yet, so it cannot be frozen.',
  },
  [C.FREEZE_ALLOWANCE_EXCEEDED]: {
    vi: 'Số ngày bảo lưu vượt quá số ngày còn lại của gói tập.',
    en: 'That is more freeze days than this membership has left.',
  },
  [C.FREEZE_START_INVALID]: {
    vi: 'Ngày bắt đầu bảo lưu phải từ ngày mai, trong vòng 30 ngày và trước ngày hết hạn gói tập.',
    en: 'A freeze must start from tomorrow, within 30 days and before the membership ends.',
  },
  [C.FREEZE_DURATION_INVALID]: {
    vi: 'Vui lòng chọn một thời gian bảo lưu trong danh sách.',
    en: 'Please choose one of the freeze durations offered.',
  },
  [C.REFERRAL_INVITED_RECENTLY]: {
    vi: 'Bạn vừa gửi lời mời đến số này. Bạn có thể gửi lại sau 7 ngày.',
    en: 'You invited this number recently. You can send another invitation after 7 days.',
  },
  [C.SUBSCRIPTION_NOT_CANCELLABLE]: {
    vi: 'Gói tháng này đã được hủy hoặc đã kết thúc.',
    en: 'This subscription is already cancelled or over.',
  },
  [C.SUBSCRIPTION_CLOSED]: {
    vi: 'Gói tháng này đã kết thúc, không thể thay đổi.',
    en: 'This subscription is over and can no longer be changed.',
  },
  [C.SUBSCRIPTION_CARD_REQUIRED]: {
    vi: 'Gói tháng tự động được trừ tiền hằng tháng từ một thẻ đã lưu. Vui lòng chọn thẻ đã lưu hoặc thêm thẻ mới.',
    en: 'A monthly subscription is charged every month to a saved card. Please choose a saved card or add a new one.',
  },
  [C.FEEDBACK_ALREADY_HANDLED]: {
    vi: 'Phản hồi này đã được xử lý và trả lời.',
    en: 'This feedback has already been handled and answered.',
  },
  [C.TOO_MANY_REQUESTS]: {
    vi: 'Bạn đã thao tác quá nhiều lần, vui lòng thử lại sau.',
    en: 'Too many attempts. Please try again later.',
  },
  [C.NOT_FOUND]: {
    vi: 'Không tìm thấy nội dung bạn yêu cầu.',
    en: "We couldn't find what you were looking for.",
  },
  [C.PROMO_CODE_INVALID]: {
    vi: 'Mã khuyến mãi không hợp lệ hoặc đã được sử dụng.',
    en: 'This promo code is invalid or used before.',
  },
} satisfies { [K in `${KnownCode}`]: Localized };

export const codeMessages: Record<string, Localized> = messages;

export type CardResult = '00' | '01' | '02' | '04' | '05' | '06' | '07' | '09';

// VNPAY vnp_TransactionStatus (the "card payment provider result codes" of §8).
export const cardResultMessages: Record<string, Localized> = {
  '00': { vi: 'Giao dịch thành công.', en: 'Payment successful.' },
  '01': { vi: 'Giao dịch chưa hoàn tất.', en: 'Payment not completed.' },
  '02': { vi: 'Giao dịch không thành công do có lỗi xảy ra.', en: 'The payment failed because of an error.' },
  '04': {
    vi: 'Tiền đã bị trừ tại ngân hàng nhưng giao dịch chưa thành công. Vui lòng liên hệ câu lạc bộ để được hỗ trợ.',
    en: 'Your bank was charged but the payment did not go through. Please contact your club.',
  },
  '05': { vi: 'Giao dịch đang được xử lý hoàn tiền.', en: 'Your refund is being processed.' },
  '06': { vi: 'Yêu cầu hoàn tiền đã được gửi sang ngân hàng.', en: 'Your refund has been sent to your bank.' },
  '07': {
    vi: 'Giao dịch bị nghi ngờ gian lận và đang được kiểm tra.',
    en: 'This payment is under review for suspected fraud.',
  },
  '09': { vi: 'Yêu cầu hoàn tiền bị từ chối.', en: 'The refund was declined.' },
} satisfies Record<CardResult, Localized>;

export type VnpayResponse = '00' | '07' | '09' | '10' | '11' | '12' | '13' | '24' | '51' | '65' | '75' | '79' | '99';

// VNPAY vnp_ResponseCode, shown on the payment return page.
export const vnpayResponseMessages: Record<string, Localized> = {
  '00': { vi: 'Giao dịch thành công.', en: 'Payment successful.' },
  '07': {
    vi: 'Đã trừ tiền nhưng giao dịch bị nghi ngờ gian lận và đang được kiểm tra.',
    en: 'The money was taken, but the payment is under review for suspected fraud.',
  },
  '09': {
    vi: 'Thẻ/tài khoản của bạn chưa đăng ký dịch vụ Internet Banking.',
    en: "Your card or account isn't registered for internet banking.",
  },
  '10': {
    vi: 'Bạn đã xác thực thông tin thẻ/tài khoản không đúng quá 3 lần.',
    en: 'Card or account verification failed more than 3 times.',
  },
  '11': {
    vi: 'Đã hết thời gian chờ thanh toán, vui lòng thực hiện lại giao dịch.',
    en: 'The payment window has expired. Please try again.',
  },
  '12': { vi: 'Thẻ/tài khoản của bạn đang bị khóa.', en: 'Your card or account is locked.' },
  '13': {
    vi: 'Mã OTP xác thực giao dịch không đúng, vui lòng thực hiện lại.',
    en: 'Wrong payment OTP. Please try again.',
  },
  '24': { vi: 'Bạn đã hủy giao dịch.', en: 'You cancelled the payment.' },
  '51': { vi: 'Tài khoản của bạn không đủ số dư để thanh toán.', en: 'Insufficient balance.' },
  '65': {
    vi: 'Tài khoản của bạn đã vượt quá hạn mức giao dịch trong ngày.',
    en: 'Your daily transaction limit has been exceeded.',
  },
  '75': {
    vi: 'Ngân hàng thanh toán đang bảo trì, vui lòng thử lại sau.',
    en: 'Your bank is under maintenance. Please try again later.',
  },
  '79': {
    vi: 'Bạn đã nhập sai mật khẩu thanh toán quá số lần quy định, vui lòng thực hiện lại.',
    en: 'Too many wrong payment passwords. Please try again.',
  },
  '99': { vi: 'Giao dịch không thành công, vui lòng thử lại.', en: 'The payment failed. Please try again.' },
} satisfies Record<VnpayResponse, Localized>;

// FPT.AI ID recognition errorCode → our OCR code (0 is success and has no entry).
export const fptErrorToCode: Record<number, number> = {
  1: Codes.OCR_INVALID_REQUEST,
  2: Codes.OCR_CORNERS_MISSING,
  3: Codes.OCR_NO_ID_FOUND,
  5: Codes.OCR_IMAGE_MISSING,
  6: Codes.OCR_IMAGE_UNREACHABLE,
  7: Codes.OCR_NOT_AN_IMAGE,
  8: Codes.OCR_BAD_IMAGE_DATA,
  9: Codes.OCR_IMAGE_MISSING,
  10: Codes.OCR_BAD_IMAGE_DATA,
};

/** A 4-digit integer code means success (§7); string codes never do. */
export function isSuccessCode(code: unknown): boolean {
  return typeof code === 'number' && Number.isInteger(code) && code >= 1000 && code <= 9999;
}

function lookup(code: unknown, lang: Lang): string | undefined {
  if (typeof code !== 'number' && typeof code !== 'string') return undefined;
  const key = String(code);
  // hasOwn keeps 'constructor' and friends from resolving to Object.prototype.
  return Object.hasOwn(codeMessages, key) ? codeMessages[key][lang] : undefined;
}

function isServiceError(code: unknown): boolean {
  return code === Codes.SERVICE_ERROR || code === String(Codes.SERVICE_ERROR);
}

/**
 * The toast text for a response code. Code 4 carries the real reason in `description`.
 * Never throws and never returns undefined: unknown codes get the system-error message.
 */
export function messageForCode(code: Code, lang: Lang, description?: { code?: Code; message?: string }): string {
  const l: Lang = lang === 'en' ? 'en' : 'vi';
  if (isServiceError(code) && description != null && typeof description === 'object') {
    const nested = description.code;
    if (nested != null && !isServiceError(nested)) {
      const known = lookup(nested, l);
      if (known) return known;
    }
    const text = description.message;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return lookup(code, l) ?? codeMessages[String(Codes.SYSTEM_ERROR)][l];
}
