import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

/** The product's map (spec §2): every URL, in its layout group. */
export default [
  index('shell/index.ts'),

  layout('shell/layout.bare.tsx', [
    route('landing', 'auth/landing.tsx'),
    route('login', 'auth/login.tsx'),
    route('verify-otp', 'auth/verify-otp.tsx'),
    route('sign-up', 'auth/sign-up.tsx'),
    // Readable before signing in (issue 10 §6): what the sign-up checkbox agrees to.
    route('terms', 'account/legal.tsx', { id: 'legal-terms' }),
    route('privacy', 'account/legal.tsx', { id: 'legal-privacy' }),
    // Issue 16 §1: a club poster's problem report, with no sign-in (§1, §6).
    route('public/customer-report', 'reports/customer-report.tsx'),
    route('public/customer-report/:reportType', 'reports/customer-report-type.tsx'),
  ]),

  layout('frame/layout.main.tsx', [
    // The bottom navigation's tabs.
    route('home', 'home/home.tsx'),
    route('membership', 'membership/clubs.tsx'),
    route('workout', 'workouts/workout.tsx'),
    // Guided workouts (issue 15): the beginner programme, a body part's lessons, one lesson.
    route('workout/newbie', 'workouts/programme.tsx'),
    route('workout/type/:workoutTypeId', 'workouts/workout-type.tsx'),
    route('workout/type/:workoutTypeId/lesson/:lessonId', 'workouts/lesson.tsx'),
    route('inbody', 'inbody/inbody.tsx'),
    route('history', 'history/history.tsx'),

    // Membership (issue 4): choose a club, then a plan, then pay.
    ...prefix('membership', [
      route(':clubId/detail', 'membership/club-detail.tsx'),
      route(':clubId', 'membership/club.tsx'),
      route(':clubId/plan/:paymentPlanId', 'membership/plan.tsx'),
    ]),
    // Home
    route('home/your-plan', 'home/your-plan.tsx'),
    route('home/check-in', 'home/check-in.tsx'),
    route('home/today-classes', 'classes/today-classes.tsx'),
    route('home/workout-with-us', 'home/workout-with-us.tsx'),
    route('home/referral', 'referral/referral.tsx'),
    // Monthly subscription (issue 12 §2): the Black Card upgrade with an SMS code.
    route('membership/subscription/verify-upgrade', 'subscription/verify-upgrade.tsx'),

    // Membership: the payment step after "Confirm" (bank QR, card via VNPAY, cash) and its result.
    route('membership/payment/vnpay-return', 'payments/vnpay-return.tsx'),
    route('membership/payment/result/:contractId', 'payments/result.tsx'),
    route('membership/payment/:contractId', 'payments/payment.tsx'),

    // Freeze (issue 12 §1): choose and preview, pay, and the result.
    route('membership/freeze/payment', 'freezes/freeze-request.tsx'),
    route('membership/freeze/payment/result/:freezeId', 'freezes/freeze-result.tsx'),

    // Personal training (issue 13): the member's PT packages, a club's trainers, a trainer's packages, paying.
    route('pt', 'pt/pt.tsx'),
    route('pt/select-pt', 'pt/select-pt.tsx'),
    route('pt/booking', 'pt/booking.tsx'),
    route('pt/free-session', 'pt/free-session.tsx'),
    route('pt/contract', 'pt/e-contracts.tsx'),
    route('pt/contract/:eContractId/preview', 'pt/e-contract-preview.tsx'),
    route('pt/contract/:eContractId/preview/sign', 'pt/e-contract-sign.tsx'),
    route('pt/select-pt/plans/:ptId/club/:clubId', 'pt/plans.tsx'),
    route('pt/select-pt/plans/:ptId/plan/:ptPackageId', 'pt/plan.tsx'),
    route('pt/payment/result/:ptContractId', 'pt/pt-result.tsx'),
    route('history/pt/:ptContractId', 'pt/pt-detail.tsx'),

    // Gift (issue 12 §3): the header's gift icon leads here.
    route('gift', 'gifts/gift.tsx'),

    // Class (issue 11 §4)
    route('class', 'classes/classes.tsx'),
    route('class/:classId', 'classes/class.tsx'),

    // History
    route('history/membership/:contractId', 'history/membership-detail.tsx'),
    route('history/freeze/:freezeId', 'freezes/freeze-detail.tsx'),

    // Notification
    route('notification', 'notifications/notifications.tsx'),
    route('notification/:notifyId', 'notifications/detail.tsx'),

    // Account (§2): the member's profile, settings and the chain's staff-edited pages.
    ...prefix('account', [
      index('account/account.tsx'),
      route('information', 'account/information.tsx'),
      // Issue 37 §6: the name, asked right after sign-up (skippable) and before a step that needs it.
      route('name', 'account/name.tsx'),
      route('information/change-phone', 'account/change-phone.tsx'),
      route('information/change-phone/verify', 'account/change-phone.verify.tsx'),
      route('information/payment-method', 'payments/saved-cards.tsx'),
      route('information/payment-method/vnpay-return', 'payments/saved-card-return.ts'),
      route('information/payment-method/subscription-card', 'subscription/subscription-card.tsx'),
      route('information/payment-method/subscription-card/vnpay-return', 'subscription/card-return.ts'),
      route('information/payment-method/:cardId', 'payments/saved-card-detail.tsx'),
      route('terms-condition', 'account/terms-condition.tsx'),
      route('privacy', 'account/privacy.tsx'),
      route('contact', 'account/contact.tsx'),
      route('about', 'account/about.tsx'),
      // Issue 16 §3: ID card or passport verification.
      route('verification', 'identity/verification.tsx'),
      route('verification/success', 'identity/verification-success.tsx'),
    ]),
    route('support', 'support/support.tsx'),
    // Issue 16: feedback on a club (from /support) and the rating prompt's plain page.
    route('support/feedback', 'feedback/feedback.tsx'),
    route('rating', 'ratings/rating.tsx'),
  ]),

  // Issue 17: the staff area, its own frame and sign-in (a phone, a desk tablet or a desktop).
  layout('staff/frame.tsx', [
    route('staff/login', 'staff/login.tsx'),
    route('staff/verify-otp', 'staff/verify-otp.tsx'),
    route('staff/logout', 'staff/logout.ts'),
    layout('staff/desk.tsx', [
      route('staff', 'staff/today.tsx'),
      route('staff/cash', 'staff/cash.tsx'),
      route('staff/scanner', 'staff/scanner.tsx'),
      route('staff/agenda', 'staff/agenda.tsx'),
      route('staff/trials', 'staff/trials.tsx'),
      route('staff/audit', 'staff/audit.tsx'),
      route('staff/feedback', 'staff/feedback-inbox.tsx'),
      route('staff/payments', 'staff/payments-review.tsx'),
      route('staff/classes', 'staff/classes.tsx'),
      route('staff/notify', 'staff/notify.tsx'),
      route('staff/team', 'staff/team.tsx'),
      route('staff/settings', 'staff/settings.tsx'),
    ]),
  ]),

  // Issue 15: the exercise player, full screen (no header, no navigation).
  route('workout/type/:workoutTypeId/lesson/:lessonId/exercise/:exerciseMappingId', 'workouts/player.tsx'),

  // Resource routes: form targets and probes, no UI of their own.
  route('notification/push', 'notifications/push.ts'),
  route('logout', 'auth/logout.ts'),
  route('membership/payment/:contractId/status', 'payments/status.ts'),
  route('home/check-in/visits', 'home/check-in-visits.ts'),
  route('home/check-in/key', 'home/check-in-key.ts'),
  route('membership/payment/:contractId/qr.png', 'payments/qr-image.ts'),
  route('membership/freeze/payment/:freezeId/status', 'freezes/freeze-status.ts'),
  route('membership/freeze/payment/:freezeId/qr.png', 'freezes/freeze-qr-image.ts'),
  route('pt/payment/:ptContractId/status', 'pt/pt-status.ts'),
  route('pt/payment/:ptContractId/qr.png', 'pt/pt-qr-image.ts'),
  route('pt/contract/:eContractId/pdf', 'pt/e-contract-pdf.ts'),
  route('public/customer-report/poster.svg', 'reports/poster.ts'),
  route('language', 'frame/language.ts'),
  route('media/:id', 'server/media.ts'),
  route('workout-drawings/:hash/:file', 'workouts/workout-drawing.ts'),
  route('workout/progress', 'workouts/progress.ts'),
  // Issue 14: the member's own InBody sheet photo (private, passed through with the session's token).
  route('inbody/photo/:id', 'inbody/inbody-photo.ts'),
  route('healthz', 'server/healthz.ts'),
  route('*', 'shell/not-found.ts'),
] satisfies RouteConfig;
