import type { Shape } from '#api/translate.ts';
import type { directory as vi } from '#app/locales/vi/directory.ts';

/** English texts of the club pages (ADR 030). */
export const directory: Shape<typeof vi> = {
  clubs: {
    list: {
      title: 'Choose a club and a plan',
      lead: 'Pick where you want to train, then the plan that suits you. Prices include every current offer.',
      choiceTitle: 'Where do you want to train?',
      multi: 'Every club',
      multiText: 'Black Card: train at all {{count}} clubs in the country.',
      single: 'One club',
      singleText: 'Train at the club you choose, for less.',
      clubsTitle: 'Clubs',
      nearest: 'Nearest first',
      byCity: 'By city',
      locating: 'Finding your location…',
      locationDenied:
        'Location is not allowed, so clubs are listed by city. Allow location for this site in your browser to see the nearest first.',
      locationFailed: "We couldn't find your location. Clubs are still listed by city.",
      sortedNearest: 'The clubs nearest to you come first.',
      distance: '{{km}} km away',
      seePlans: 'See plans',
      clubInfo: 'Club info',
      noClubs: 'No club is open yet.',
    },
    detail: {
      title: 'Club details',
      address: 'Address',
      district: 'District',
      city: 'City',
      hotline: 'Hotline',
      call: 'Call {{phone}}',
      map: 'Open the map (Google Maps)',
      seePlans: 'See the plans',
      closed: 'This club is closed and no longer sells memberships.',
    },
    plans: {
      filter: 'Plan type',
      all: 'All',
      multiTitle: 'Every club (Black Card)',
      multiText: 'Train at every VietFit club.',
      singleTitle: 'One club',
      singleText: 'Train at {{club}} only.',
      none: 'This club has no plans for sale yet.',
      couponApplied: 'Prices include the promo code {{code}}.',
      couponNotApplied: 'The code {{code}} does not apply here: {{message}}',
    },
  },
};
