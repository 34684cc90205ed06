import type { Shape } from '#api/translate.ts';
import type { membership as vi } from '#app/locales/vi/membership.ts';

export const membership: Shape<typeof vi> = {
  membership: {
    title: 'Membership',
    notFound: "We couldn't find this club or plan.",
    backToClubs: 'Clubs',
    chooseClub: 'Choose a club and a plan',
    card: {
      originalPrice: 'Original price',
      perMonth: '/month',
      pricePerMonth: 'Just {{price}}/month',
      duration: 'Duration',
      joiningFee: 'Joining fee',
      joiningFeeWaived: 'Free',
      discount: 'Discount',
      save: 'Save {{amount}}',
      offerDetail: 'See offer detail',
      firstPayment: 'First payment',
      nextPayment: 'From next month: {{amount}}/month',
      coupon: 'Code {{code}}',
      select: 'Select',
      nextTitle: 'Next payment',
      selectPlan: 'Select {{plan}}',
      freePt: 'Free PT sessions',
      freePtText: '{{count}} in the first {{days}} days',
    },
  },
  // ── payment & history (issue 4, W2) ──
};
