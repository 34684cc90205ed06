import type { Shape } from '#api/translate.ts';
import type { guide as vi } from '#app/locales/vi/guide.ts';

/** English texts of /membership's compare panel and FAQ (ADR 030). */
export const guide: Shape<typeof vi> = {
  membershipGuide: {
    compare: {
      title: 'Every club or one club: compare',
      benefit: 'Benefit',
      multi: 'Every club (Black Card)',
      single: 'One club',
      clubs: 'Clubs you can train at',
      clubsMulti: 'All {{count}} clubs',
      clubsSingle: 'The club you choose',
      visits: 'Visits',
      unlimited: 'Unlimited',
      pt: 'Free PT sessions in the first {{days}} days',
      ptOffer: '{{count}} with {{plans}}',
      none: 'None',
      askClub: 'Ask the club',
      amenities: 'Amenities',
      amenitiesMulti: 'Towels and a locker',
      amenitiesSingle: 'A locker',
      terms: 'Terms',
      termsMulti: '12 months, or pay monthly',
      termsSingle: '1, 3 or 12 months, pay monthly, or a 7-day trial',
      referral: 'When a friend referred you',
      referralBonus: '{{days}} extra days',
      referralSingle: '{{days}} extra days (not for trials)',
    },
    faq: {
      title: 'Frequently asked questions',
      q1: 'How is the Black Card different from a one-club plan?',
      a1: 'The Black Card opens every VietFit club in the country. One-club plans (Basic, Classic, monthly) work only at the club where you buy them, and cost less.',
      q2: 'When does my membership start?',
      a2: 'As soon as the payment lands, starting today. If you already have a running membership, the new one starts the day after it ends.',
      q3: 'How can I pay?',
      a3: 'By bank transfer with a QR code within {{minutes}} minutes (your membership starts the moment the money arrives), by credit/debit card through VNPAY, or in cash at the club’s front desk.',
      q4: 'What are the joining fee, promo codes and referral codes?',
      a4: 'The joining fee is charged once, only to members who never had a membership. One promo code can be used per purchase. A referral code is the phone number of a friend who is a member: you get {{days}} extra days.',
    },
  },
};
