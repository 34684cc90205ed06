import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

/** The product's map (spec §2): every URL, in its layout group. */
export default [
  index('routes/index.ts'),

  layout('routes/layout.bare.tsx', [
    route('landing', 'routes/landing.tsx'),
    route('login', 'routes/login.tsx'),
    route('verify-otp', 'routes/verify-otp.tsx'),
    route('sign-up', 'routes/sign-up.tsx'),
  ]),

  layout('routes/layout.main.tsx', [
    // The bottom navigation's tabs.
    route('home', 'routes/home.tsx'),
    route('membership', 'routes/membership.tsx'),
    route('workout', 'routes/workout.tsx'),
    route('inbody', 'routes/inbody.tsx'),
    route('history', 'routes/history.tsx'),

    // Membership (issue 4): choose a club, then a plan, then pay.
    ...prefix('membership', [
      route(':clubId/detail', 'routes/membership.club-detail.tsx'),
      route(':clubId', 'routes/membership.club.tsx'),
      route(':clubId/plan/:paymentPlanId', 'routes/membership.plan.tsx'),
    ]),
    // Home
    route('home/your-plan', 'routes/home.your-plan.tsx'),

    // Membership: the payment step after "Confirm" (bank QR, card via VNPAY, cash) and its result.
    route('membership/payment/vnpay-return', 'routes/membership.payment.vnpay-return.tsx'),
    route('membership/payment/result/:contractId', 'routes/membership.payment.result.tsx'),
    route('membership/payment/:contractId', 'routes/membership.payment.tsx'),

    // History
    route('history/membership/:contractId', 'routes/history.membership.tsx'),

    // Notification
    route('notification', 'routes/notification.tsx'),
    route('notification/:notifyId', 'routes/notification.detail.tsx'),

    // Account (§2): the member's profile, settings and the chain's staff-edited pages.
    ...prefix('account', [
      index('routes/account.tsx'),
      route('information', 'routes/account.information.tsx'),
      route('information/change-phone', 'routes/account.information.change-phone.tsx'),
      route('information/change-phone/verify', 'routes/account.information.change-phone.verify.tsx'),
      route('information/payment-method', 'routes/account.information.payment-method.tsx'),
      route('information/payment-method/vnpay-return', 'routes/account.information.payment-method.vnpay-return.ts'),
      route('information/payment-method/:cardId', 'routes/account.information.payment-method.card.tsx'),
      route('terms-condition', 'routes/account.terms-condition.tsx'),
      route('contact', 'routes/account.contact.tsx'),
      route('about', 'routes/account.about.tsx'),
    ]),
    route('support', 'routes/support.tsx'),
  ]),

  // Resource routes: form targets and probes, no UI of their own.
  route('notification/push', 'routes/notification.push.ts'),
  route('logout', 'routes/logout.ts'),
  route('membership/payment/:contractId/status', 'routes/membership.payment.status.ts'),
  route('language', 'routes/language.ts'),
  route('media/:id', 'routes/media.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('*', 'routes/not-found.ts'),
] satisfies RouteConfig;
