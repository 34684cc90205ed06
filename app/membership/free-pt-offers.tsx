import type { FreePtOffer, FreePtOffers } from './membership.server.ts';

/** Issue 37 §5: one line per number of free PT sessions the plans on sale give, worded by the page (its own strings part). */
export function FreePtOfferLines({
  offers,
  say,
}: {
  offers: FreePtOffers | null;
  say: (offer: FreePtOffer, days: number) => string;
}) {
  return offers?.all.map((offer) => (
    <p key={offer.sessions} className="small">
      {say(offer, offers.days)}
    </p>
  ));
}
