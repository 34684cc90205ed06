import type { EndpointDef } from '../endpoint.ts';
import { classEndpoints } from './classes.ts';
import { feedbackEndpoints } from './feedback.ts';
import { generalEndpoints } from './general.ts';
import { giftEndpoints } from './gifts.ts';
import { identityEndpoints } from './identity.ts';
import { inbodyEndpoints } from './inbody.ts';
import { notificationEndpoints } from './notifications.ts';
import { staffEndpoints } from './staff.ts';
import { workoutEndpoints } from './workouts.ts';

/** Every declared gateway operation, by domain (ADR 078). */
export const endpointGroups = {
  classes: classEndpoints,
  feedback: feedbackEndpoints,
  general: generalEndpoints,
  gifts: giftEndpoints,
  identity: identityEndpoints,
  inbody: inbodyEndpoints,
  notifications: notificationEndpoints,
  staff: staffEndpoints,
  workouts: workoutEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(endpointGroups).flatMap((group) =>
  Object.values(group as Record<string, EndpointDef>),
);
