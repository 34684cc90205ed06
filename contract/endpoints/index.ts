import type { EndpointDef } from '../endpoint.ts';
import { generalEndpoints } from './general.ts';
import { notificationEndpoints } from './notifications.ts';

/** Every declared gateway operation, by domain (ADR 078). */
export const endpointGroups = {
  general: generalEndpoints,
  notifications: notificationEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(endpointGroups).flatMap((group) =>
  Object.values(group as Record<string, EndpointDef>),
);
