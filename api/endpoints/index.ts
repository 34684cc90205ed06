import type { EndpointDef } from '../endpoint.ts';
import { authEndpoints } from './auth.ts';
import { checkInEndpoints } from './check-in.ts';
import { classEndpoints } from './classes.ts';
import { feedbackEndpoints } from './feedback.ts';
import { freezeEndpoints } from './freezes.ts';
import { generalEndpoints } from './general.ts';
import { giftEndpoints } from './gifts.ts';
import { identityEndpoints } from './identity.ts';
import { membershipEndpoints } from './membership.ts';
import { paymentEndpoints } from './payments.ts';
import { ptEndpoints } from './pt.ts';
import { subscriptionEndpoints } from './subscriptions.ts';
import { inbodyEndpoints } from './inbody.ts';
import { notificationEndpoints } from './notifications.ts';
import { staffEndpoints } from './staff.ts';
import { workoutEndpoints } from './workouts.ts';

/** Every declared gateway operation, by domain (ADR 078). */
export const endpointGroups = {
  auth: authEndpoints,
  checkIn: checkInEndpoints,
  classes: classEndpoints,
  feedback: feedbackEndpoints,
  freezes: freezeEndpoints,
  general: generalEndpoints,
  gifts: giftEndpoints,
  identity: identityEndpoints,
  membership: membershipEndpoints,
  payments: paymentEndpoints,
  pt: ptEndpoints,
  subscriptions: subscriptionEndpoints,
  inbody: inbodyEndpoints,
  notifications: notificationEndpoints,
  staff: staffEndpoints,
  workouts: workoutEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(endpointGroups).flatMap((group) =>
  Object.values(group as Record<string, EndpointDef>),
);
