import { payFreezeBody, requestFreezeBody } from '#contract/freeze.ts';
import { z } from 'zod';
import { otpCheckBody, otpSendBody, profileUpdateBody, registerBody, settingUpdateBody } from '#contract/auth.ts';
import { Codes, type Code } from '#contract/codes.ts';
import { isBinary, noData, type Auth, type EndpointDef } from '#contract/endpoint.ts';
import { allEndpoints } from '#contract/endpoints/index.ts';
import { addCardBody, createContractBody, payContractBody, referralCheckBody } from '#contract/membership.ts';
import { manualCheckInBody } from '#contract/staff.ts';
import { checkInDeviceBody, staffCheckInBody } from '#contract/check-in.ts';
import { changeCardBody, upgradeBody } from '#contract/subscription.ts';
import { eContractSignBody, ptBookingBody } from '#contract/pt.ts';

type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  auth: boolean;
  /** Server-to-server webhooks: authenticated by the provider's signature or key instead of a bearer token (401 code 552 without it). */
  webhook?: 'cassoSignature' | 'sepayApiKey';
  success: Code;
  body?: z.ZodType;
  multipart?: string;
  /** Answers raw bytes of this type instead of the JSON envelope. */
  binary?: string;
};

/** Every operation of the contract this gateway serves; a test checks each one is routed. */
export const operations: Operation[] = [
  {
    method: 'post',
    path: '/api/v1/auth/otp/send',
    summary: 'Send a sign-in code by SMS',
    auth: false,
    success: Codes.OTP_SENT,
    body: otpSendBody,
  },
  {
    method: 'post',
    path: '/api/v1/auth/otp/login',
    summary: 'Sign in with a code (200 + verifyToken for a new phone)',
    auth: false,
    success: Codes.SIGNED_IN,
    body: otpCheckBody,
  },
  {
    method: 'post',
    path: '/api/v1/auth/otp/send/verify',
    summary: 'Check a sign-in code and get a sign-up ticket',
    auth: false,
    success: Codes.OK,
    body: otpCheckBody,
  },
  {
    method: 'post',
    path: '/api/v1/auth/register',
    summary: 'Create a member account from a sign-up ticket',
    auth: false,
    success: Codes.SIGNED_UP,
    body: registerBody,
  },
  {
    method: 'post',
    path: '/api/v1/auth/otp/send/phone-number/new',
    summary: 'Send a code to a new phone number',
    auth: true,
    success: Codes.OTP_SENT,
    body: otpSendBody,
  },
  {
    method: 'put',
    path: '/api/v1/auth/account/phone-number/change',
    summary: 'Change the phone number with the code sent to it',
    auth: true,
    success: Codes.PHONE_CHANGED,
    body: otpCheckBody,
  },
  { method: 'post', path: '/api/v1/auth/logout', summary: 'Revoke the current token', auth: true, success: Codes.OK },
  { method: 'get', path: '/api/v1/auth/profile', summary: 'The signed-in member', auth: true, success: Codes.OK },
  {
    method: 'put',
    path: '/api/v1/auth/profile',
    summary: 'Update name and email',
    auth: true,
    success: Codes.OK,
    body: profileUpdateBody,
  },
  {
    method: 'put',
    path: '/api/v1/auth/profile/avatar',
    summary: 'Upload an avatar (≤ 5 MB; re-encoded)',
    auth: true,
    success: Codes.OK,
    multipart: 'image',
  },
  { method: 'get', path: '/api/v1/account/setting/me', summary: 'Account settings', auth: true, success: Codes.OK },
  {
    method: 'put',
    path: '/api/v1/account/setting/update',
    summary: 'Change the language',
    auth: true,
    success: Codes.OK,
    body: settingUpdateBody,
  },
  {
    method: 'get',
    path: '/api/v1/general/freeze-price',
    summary: 'Freeze durations on offer and their prices, VND, shortest first (ADR 036)',
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/general/freeze-duration',
    summary: 'Freeze durations in days and the start window (from tomorrow, up to 30 days ahead)',
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/freeze-contracts',
    summary: "The caller's freezes, newest first (status WAITFORPAYMENT, FUTURE, CURRENT, UNFREEZE or FAIL)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/freeze-contract/{id}',
    summary: "One freeze with its payment attempt, receipt and timeline (169 for anyone else's)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contract/{id}/freeze-preview',
    summary:
      'What freezing this membership for ?days from ?startDate costs and makes (first and last frozen day, new end date), before anything is created',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/contract/{id}/freeze',
    summary:
      'Ask for a freeze and open its payment (QR, card, cash); the same request again answers the same freeze; another while one is open is 168 (ADR 036)',
    auth: true,
    success: Codes.FREEZE_REQUESTED,
    body: requestFreezeBody,
  },
  {
    method: 'post',
    path: '/api/v1/member/freeze-contract/{id}/payment',
    summary: 'Pay an unpaid freeze another way, or again',
    auth: true,
    success: Codes.FREEZE_REQUESTED,
    body: payFreezeBody,
  },
  {
    method: 'put',
    path: '/api/v1/member/freeze-contract/{id}/cancel',
    summary: 'Withdraw an unpaid freeze',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/freeze-contract/{id}/unfreeze',
    summary:
      'End a paid freeze today (or before it begins): the days not frozen come back to the membership; 170 when none is left to end',
    auth: true,
    success: Codes.UNFROZEN,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/freeze/{contractId}',
    summary:
      "The freeze screen in one read ({contractId} or `current`, the home card's membership): the shell, the membership, durations and prices, the start window, the allowance, what blocks a freeze, and the preview of ?days&startDate",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/freeze-contract/{id}',
    summary: "A freeze's result and history screens in one read: the shell and the freeze's detail",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contract/subscription',
    summary:
      "The member's live subscription (else the latest): month, next billing date and amount, card, what cancelling today would do, the unpaid renewal, the Black Card upgrade on offer (ADR 038); null when none",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contract/subscription/allow',
    summary: 'May this member start a monthly subscription: {allowed, code} (750 when one is live)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/vnpay/subscription',
    summary:
      'The card side of the subscription: vnpaySubscriptionId, masked card, autoCharge (a recurring agreement), a card change in progress; null when none',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/contract/subscription/{id}/cancel',
    summary:
      'Cancel: until 4 days before the paid month ends, it ends with that month; later, with the next (already charged) month; a past-due month is withdrawn (ADR 038)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/vnpay/subscription/{id}/change-card',
    summary:
      "Replace the subscription's card: the signed URL of VNPAY's token page (token_create); return and cancel URLs must be the web app's",
    auth: true,
    success: Codes.OK,
    body: changeCardBody,
  },
  {
    method: 'post',
    path: '/api/v1/member/vnpay/subscription/{id}/black-card/otp',
    summary:
      "Send the Black Card upgrade code by SMS to the member's phone (751 when the upgrade is not allowed; 30 s between sends)",
    auth: true,
    success: Codes.OTP_SENT,
  },
  {
    method: 'put',
    path: '/api/v1/member/vnpay/subscription/{id}/black-card/upgrade',
    summary:
      'Upgrade to Black Card monthly from the next month not yet made, with the SMS code (209, OTP_NOT_VALID; 751 when not allowed)',
    auth: true,
    success: Codes.BLACK_CARD_UPGRADED,
    body: upgradeBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/your-plan',
    summary:
      '/home/your-plan in one read: the shell, the memberships (as contracts/home-page), the clubs they open, the subscription (or null)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/subscription',
    summary:
      'The subscription pages in one read: the shell, the subscription (as contract/subscription), allow, the saved cards',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/plan-benefits',
    summary:
      "What the plans on sale at the active clubs give: one row per kind of plan (names, all-club or not, term, free PT sessions), the compare panel's source",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/club/{clubId}/payment-plans',
    summary:
      'Plan cards of an active club priced for the caller (bearer optional; ?coupon=CODE → 400 with 352/353/PROMO_CODE_INVALID)',
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/club/{clubId}/payment-plan/{paymentPlanId}/detail',
    summary: 'One plan card priced for the caller (bearer optional; ?coupon=CODE)',
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/pt-packages',
    summary:
      'PT packages on sale at every active club: sessions, validity in days, price, price a session, silver (ADR 044)',
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/club/{clubId}/pt-packages',
    summary: "An active club's PT packages in display order (404 unknown or closed club)",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/club/{clubId}/pts',
    summary:
      "The trainers working at an active club, best rated first, with profile, rating and their week's hours there (weekday 1–7, minutes after 00:00 Vietnam time)",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/general/pt-contract/clubs',
    summary:
      "The active clubs that sell PT (a package and a trainer), each with the caller's access: OK, NO_MEMBERSHIP or FROZEN (ADR 045)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-contracts',
    summary:
      "The caller's PT contracts, newest first (?status=REGISTER|WAITPTCONFIRM|WAITFORPAYMENT|FUTURE|CURRENT|PAST, ?ptContractId=, ?isNotSilverPtContract=true)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-package/{ptPackageId}/pt/{ptId}/register',
    summary:
      'Register a PT package with a trainer of its club → 1029 {ptContractId, existing} (453 another unpaid; 163 no membership opens the club; PT_FROZEN)',
    auth: true,
    success: Codes.PT_SIGNUP_AWAITING_CONFIRM,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-contract/{ptContractId}/transaction/waiting-for-payment',
    summary: 'One PT contract with its payment attempt (the open one or the one that paid it), receipt and timeline',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-contract/{ptContractId}/transaction/pay',
    summary: 'Pay a PT contract the trainer accepted (the same method again answers the open attempt)',
    auth: true,
    success: Codes.PURCHASE_REQUEST_CREATED,
    body: payContractBody,
  },
  {
    method: 'put',
    path: '/api/v1/member/pt-contract/{ptContractId}/cancel',
    summary: 'Withdraw an unpaid PT contract',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-contract/{ptContractId}/booking',
    summary:
      "Book a session with the contract's trainer → 1033. Body {afterMinute, date?}: the start as minutes after 00:00 Asia/Ho_Chi_Minh of date (YYYY-MM-DD, default today); on the half hour, ≥ 2 h ahead, ≤ 14 days, inside the trainer's hours and the validity (164); 163 no usable package; PT_CONTRACT_UNSIGNED its e-contract not signed yet (ADR 064); 165 an earlier session not done; 166 one a day; 456 the trainer is taken (ADR 046)",
    auth: true,
    success: Codes.BOOKING_AWAITING_PT,
    body: ptBookingBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/booking/history',
    summary: "The caller's PT bookings, newest first (?clubId)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/booking/current',
    summary: "The caller's upcoming PT bookings (waiting or confirmed), soonest first",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/booking/{bookingId}/cancel',
    summary:
      'Cancel a booking the trainer has not confirmed → 1035 (458 once confirmed); the session goes back to the package',
    auth: true,
    success: Codes.BOOKING_CANCELLED,
  },
  {
    method: 'put',
    path: '/api/v1/member/booking/{bookingId}/rating',
    summary: 'Rate a completed session 1–5 → 1128 (459 not completed, 460 already rated)',
    auth: true,
    success: Codes.RATING_SUBMITTED,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-booking',
    summary:
      'The /pt/booking screen: usable contracts, the bookable days, the free starts of ?date for ?ptContractId, the bookings',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/club/{clubId}/free-sessions/info',
    summary:
      "The caller's free (trial) sessions at the club, the next to book, its bookable days and the starts of ?date at which a trainer is free (ADR 048)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/free-session/{freeSessionId}/booking',
    summary:
      'Book a free session {date?, afterMinute: minutes after 00:00 Asia/Ho_Chi_Minh}; the least booked free trainer gets it (167 another in the works, 164, 166, 456)',
    auth: true,
    success: Codes.BOOKING_AWAITING_PT,
  },
  {
    method: 'get',
    path: '/api/v1/member/free-sessions/history',
    summary: "The caller's trial-session bookings (?clubId), newest first",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/free-sessions/summary',
    summary:
      "The caller's free PT sessions left to book (the soonest window's last day) and the trial in the works, if any",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/free-session/current',
    summary: "The caller's trial session in the works (waiting or booked), if any",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/free-session/{freeSessionId}/cancel',
    summary: 'Cancel the trial request the trainer has not confirmed (458 after)',
    auth: true,
    success: Codes.BOOKING_CANCELLED,
  },
  {
    method: 'put',
    path: '/api/v1/member/free-session/{freeSessionId}/accept',
    summary: "Accept the club's proposed time (WAITCUSCONFIRM → BOOKED)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/free-session/{freeSessionId}/reject',
    summary: "Reject the club's proposed time (the free session can be booked again)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/club/{clubId}/sessions/count',
    summary: 'PT sessions left in usable packages and free sessions left at the club',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/free-session',
    summary: 'The /pt/free-session screen: the clubs with free sessions and the info of ?clubId (?date)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/confirm',
    summary: "The booking's trainer confirms it (BOOKED)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/reject',
    summary: "The booking's trainer declines it (REJECTED; the session back to the package)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/complete',
    summary: 'The trainer marks a started, confirmed session completed (the member may rate it)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/no-show',
    summary:
      "The booking's trainer marks a started, confirmed session missed (NO_SHOW): the session stays used, the member is told (ADR 051)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-e-contracts',
    summary:
      "The caller's PT e-contracts (one per paid PT contract), newest first, with their text, SHA-256 and status",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-e-contract/{id}',
    summary:
      'One e-contract: the document exactly as it is signed (title, sections), its SHA-256, UNSIGNED or SIGNED (ADR 047)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-e-contract/{id}/otp',
    summary: "Send the signing code by SMS to the member's own phone (the OTP rules and limits) → 1001",
    auth: true,
    success: Codes.OTP_SENT,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-e-contract/{id}/sign',
    summary:
      'Sign → 1053: {documentSha256 (as shown; 409 if not this document; E_CONTRACT_NAME_MISSING 409 while the profile has no full name, ADR 064), otp, fullName, signaturePng? (base64 PNG, decoded and re-encoded; without it the typed name is the mark)}; the PDF is made and sealed (PAdES); a repeat answers the signed one',
    auth: true,
    success: Codes.CONTRACT_SIGNED,
    body: eContractSignBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-e-contract/{id}/pdf',
    summary: 'The sealed PDF of a signed e-contract (its owner only)',
    auth: true,
    success: Codes.OK,
    binary: 'application/pdf',
  },
  {
    method: 'post',
    path: '/api/v1/global/e-contract/verify',
    summary:
      'Whether a PDF (multipart field "file", ≤ 5 MB) is an e-contract we sealed, unchanged: {valid, sealValid, reason, eContractId, signedAt}',
    auth: false,
    success: Codes.OK,
    multipart: 'file',
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-e-contracts',
    summary: 'The /pt/contract screen: the shell and the e-contracts',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-e-contract/{id}',
    summary: 'The /pt/contract/{id}/preview and …/sign screens: the shell and the e-contract',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt',
    summary: 'The /pt screen in one read: the shell and the PT contracts',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-select',
    summary:
      'The /pt/select-pt screen: the shell, the PT clubs with access, the chosen (?clubId=) or first usable club and its trainers',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-plan/{ptId}/plan/{ptPackageId}',
    summary:
      "One package of the trainer's club with the trainer, the club and the member's unpaid PT contract (the plans screen, one package)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-plans/{ptId}/club/{clubId}',
    summary:
      "A trainer's packages at a club with the club's access and the unpaid PT contract, if any (404 unknown trainer or club)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-contract/{id}',
    summary: "A PT contract's result and history screens: the shell and the contract's detail",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/staff/pt/bookings',
    summary:
      "A trainer's sessions holding their time, soonest first, with each client's name, phone, package and sessions left; ?from=&to= Vietnam days (at most 31), else today on; a range with today in it also lists the confirmed sessions of the 30 days before today never marked completed or missed, first, with notClosed: true (ADR 051) (PT accounts only)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/staff/pt/requests',
    summary: "A trainer's PT contracts waiting for an answer, oldest first (PT accounts only)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-contract/{id}/accept',
    summary: 'The chosen trainer accepts a PT contract: the member may pay (another trainer: 404)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-contract/{id}/reject',
    summary: 'The chosen trainer turns a PT contract down: it closes unpaid and the member is told',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/coupons',
    summary: 'Coupons the member can still use at a club (?clubId=&paymentPlanId=)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/referral/check',
    summary: "Check a referral code (the referrer's phone) → 1019 {referrerName, bonusDays}; 152–157, 178, 180",
    auth: true,
    success: Codes.REFERRAL_APPLIED,
    body: referralCheckBody,
  },
  {
    method: 'post',
    path: '/api/v1/member/contract',
    summary: 'Buy a plan: the contract and its payment (an unpaid one at the same club comes back, existing:true)',
    auth: true,
    success: Codes.PURCHASE_REQUEST_CREATED,
    body: createContractBody,
  },
  {
    method: 'post',
    path: '/api/v1/member/contract/{id}/payment',
    summary: 'Pay an unpaid contract (another way, or again)',
    auth: true,
    success: Codes.PURCHASE_REQUEST_CREATED,
    body: payContractBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/contract/{id}/payment',
    summary: "The contract's latest payment attempt (live status), or null",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/contract/{id}/cancel',
    summary: 'Give up an unpaid contract: it becomes FAIL',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contracts',
    summary: 'Contracts newest first (?status&clubId&isFrozen&isGift&paymentPlanId)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contract/{id}/detail',
    summary: 'One contract with transactions, receipts, timeline and the open payment',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/shell',
    summary: 'The frame of a signed-in page in one call: profile, unread notifications, current gift',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/home',
    summary: "The home screen in one call: the shell (profile, unread, gift) and the header card's contracts",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contracts/home-page',
    summary: 'What the membership header card needs: current, future, waiting for payment',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/club/{clubId}/contract/latest',
    summary: "The member's newest contract at a club, or null",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/club/{clubId}/payment-plan/{planId}/dates',
    summary: 'When a plan bought now would start and end for this member (ADR 021), shown before Confirm',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/contract/access-clubs',
    summary: "Clubs the member's current memberships open",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/transactions',
    summary: "The member's transactions, newest first",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/transaction/{id}/detail',
    summary: 'One transaction with its receipt',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/cards',
    summary: 'Saved cards (masked number, bank, type), the default first',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/card',
    summary: "Add a card: the signed URL of VNPAY's token page (token_create)",
    auth: true,
    success: Codes.OK,
    body: addCardBody,
  },
  {
    method: 'put',
    path: '/api/v1/member/card/{id}/default',
    summary: 'Make a saved card the default (exactly one default)',
    auth: true,
    success: Codes.DEFAULT_CARD_SET,
  },
  {
    method: 'delete',
    path: '/api/v1/member/card/{id}',
    summary: 'Delete a saved card; the default passes to the newest remaining card',
    auth: true,
    success: Codes.CARD_DELETED,
  },
  {
    method: 'get',
    path: '/api/v1/payment/vnpay/ipn',
    summary:
      "VNPAY IPN (server to server, signed): the only source of truth; answers VNPAY's {RspCode, Message}, not the envelope",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/payment/vnpay/return',
    summary: "VNPAY return fields (signed; 552 when not): the payment's status in our database, display only",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/payment/vnpay/card-return',
    summary: 'VNPAY add-card return fields (signed; 552 when not): the request status and the card (1052 when added)',
    auth: false,
    success: Codes.CARD_ADDED,
  },
  {
    method: 'post',
    path: '/api/v1/payment/bank/casso',
    summary:
      'Casso webhook v2: an incoming bank transfer (X-Casso-Signature t=,v1= HMAC-SHA512, ≤ 5 min old); replays change nothing',
    auth: false,
    webhook: 'cassoSignature',
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/payment/bank/sepay',
    summary: 'SePay webhook (Authorization: Apikey …): an incoming bank transfer; answers {"success":true}',
    auth: false,
    webhook: 'sepayApiKey',
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/staff/check-in',
    summary:
      "A door scan of a member's check-in code at the staff member's club (ADR 032): the visit and who it is, or the refusal's own code",
    auth: true,
    success: Codes.OK,
    body: staffCheckInBody,
  },
  {
    method: 'get',
    path: '/api/v1/staff/member',
    summary:
      "A member at the desk without their phone, ?phoneNumber=&clubId= (EMPLOYEE/LEADER at their club, GM): id, name, avatar, whether they may enter now and the refusal a check-in would answer; 200 for a phone that is no member's; 120 lookups an hour per staff account (ADR 049)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/staff/check-in/manual',
    summary:
      "Check a member in by phone number on the staff member's word: the same refusals, visit and notice as a scan, and an audit row (ADR 049)",
    auth: true,
    success: Codes.OK,
    body: manualCheckInBody,
  },
  {
    method: 'post',
    path: '/api/v1/member/check-in/devices',
    summary:
      'Register this device for check-in: its id and 256-bit key, answered once (a 4th device revokes the oldest)',
    auth: true,
    success: Codes.OK,
    body: checkInDeviceBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/check-in/devices',
    summary: "The member's active check-in devices (no keys)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'delete',
    path: '/api/v1/member/check-in/devices/{deviceId}',
    summary: 'Revoke one of the member’s check-in devices',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/check-in/code',
    summary: "The device's current check-in code (?deviceId=), drawn by the gateway for pages without JavaScript",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/check-ins',
    summary: "The member's visits, newest first (?page=1&limit=20, ?since= an instant)",
    auth: true,
    success: Codes.OK,
  },
];

const envelope = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
    message: { type: 'string' },
    data: {},
    description: { type: 'object', properties: { code: {}, message: { type: 'string' } } },
  },
};

/** A zod schema as JSON Schema: the JSON it accepts (its input side), without the dialect line. */
function jsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** The envelope of a success answer, its `data` as declared; an answer without data has none. */
function successEnvelope(endpoint: EndpointDef, response: z.ZodType) {
  const codes = [endpoint.success, ...(endpoint.codes ?? [])];
  const { data: _data, ...properties } = envelope.properties;
  return {
    ...envelope,
    properties: {
      ...properties,
      code: { enum: codes },
      ...(response === noData ? {} : { data: jsonSchema(response) }),
    },
  };
}

const security = (auth: Auth) =>
  auth === 'member' || auth === 'staff'
    ? [{ bearer: [] }]
    : auth === 'optional'
      ? [{}, { bearer: [] }]
      : auth === 'none'
        ? []
        : [{ [auth]: [] }];

/** One operation of the document, generated from its declaration. */
function operationOf(endpoint: EndpointDef) {
  const requestBody = endpoint.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } }
    : endpoint.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: Object.fromEntries([
                  ...(endpoint.multipart.fields ?? []).map((name) => [name, { type: 'string' }]),
                  ...endpoint.multipart.files.map((name) => [name, { type: 'string', format: 'binary' }]),
                ]),
              },
            },
          },
        }
      : undefined;
  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', ...(endpoint.params?.[name] ? { pattern: `^${endpoint.params[name]}$` } : {}) },
  }));
  const query = endpoint.query ? (jsonSchema(endpoint.query) as { properties?: object; required?: string[] }) : {};
  const queryParameters = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  const parameters = [...pathParameters, ...queryParameters];
  const { response } = endpoint;
  return {
    summary: endpoint.summary,
    security: security(endpoint.auth),
    ...(parameters.length ? { parameters } : {}),
    requestBody,
    responses: {
      200: isBinary(response)
        ? {
            description: 'the file',
            content: Object.fromEntries(
              response.binary.split(',').map((type) => [type.trim(), { schema: { type: 'string', format: 'binary' } }]),
            ),
          }
        : {
            description: `code ${[endpoint.success, ...(endpoint.codes ?? [])].join(', ')}`,
            content: {
              'application/json': {
                schema: endpoint.bare ? jsonSchema(response) : successEnvelope(endpoint, response),
              },
            },
          },
      default: { description: 'failure with a §8 code', content: { 'application/json': { schema: envelope } } },
    },
  };
}

/** The OpenAPI 3.1 document of every declared operation, with its request and response shapes. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints)
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint);
  for (const op of operations) {
    if (paths[op.path]?.[op.method]) continue;
    const requestBody = op.body
      ? {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) } },
        }
      : op.multipart
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { [op.multipart]: { type: 'string', format: 'binary' } } },
              },
            },
          }
        : undefined;
    const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      security: op.auth ? [{ bearer: [] }] : op.webhook ? [{ [op.webhook]: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      requestBody,
      responses: {
        200: op.binary
          ? { description: 'the file', content: { [op.binary]: { schema: { type: 'string', format: 'binary' } } } }
          : { description: `code ${String(op.success)}`, content: { 'application/json': { schema: envelope } } },
        default: { description: 'failure with a §8 code', content: { 'application/json': { schema: envelope } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gym member gateway', version: '1' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cassoSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Casso-Signature',
          description: 't=<ms>,v1=<hex HMAC-SHA512(secret, t + "." + body JSON with sorted keys)>',
        },
        sepayApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Apikey <BANK_WEBHOOK_SECRET>',
        },
      },
    },
    paths,
  };
}
