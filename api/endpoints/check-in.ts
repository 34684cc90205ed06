import { z } from 'zod';
import {
  checkInCodeSchema,
  checkInDeviceBody,
  checkInDeviceKeySchema,
  checkInDeviceSchema,
  checkInResultSchema,
  deviceIdSchema,
  staffCheckInBody,
  visitSchema,
  visitsQuery,
} from '../check-in.ts';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import { manualCheckInBody, staffMemberQuery, staffMemberSchema } from '../staff.ts';

const deviceQuery = z.object({ deviceId: deviceIdSchema });

/** Issue 11 §1 (ADR 032, 049): check-in devices and codes, the door scan, the desk's lookup, the member's visits. */
export const checkInEndpoints = {
  scan: endpoint({
    method: 'POST',
    path: '/api/v1/staff/check-in',
    summary:
      "A door scan of a member's check-in code at the staff member's club (ADR 032): the visit and who it is, or the refusal's own code",
    auth: 'staff',
    success: Codes.OK,
    body: staffCheckInBody,
    response: checkInResultSchema,
  }),
  memberAtDesk: endpoint({
    method: 'GET',
    path: '/api/v1/staff/member',
    summary:
      "A member at the desk without their phone, ?phoneNumber=&clubId= (EMPLOYEE/LEADER at their club, GM): id, name, avatar, whether they may enter now and the refusal a check-in would answer; 200 for a phone that is no member's; 120 lookups an hour per staff account (ADR 049)",
    auth: 'staff',
    success: Codes.OK,
    query: staffMemberQuery,
    response: staffMemberSchema,
  }),
  manual: endpoint({
    method: 'POST',
    path: '/api/v1/staff/check-in/manual',
    summary:
      "Check a member in by phone number on the staff member's word: the same refusals, visit and notice as a scan, and an audit row (ADR 049)",
    auth: 'staff',
    success: Codes.OK,
    body: manualCheckInBody,
    response: checkInResultSchema,
  }),
  registerDevice: endpoint({
    method: 'POST',
    path: '/api/v1/member/check-in/devices',
    summary:
      'Register this device for check-in: its id and 256-bit key, answered once (a 4th device revokes the oldest)',
    auth: 'member',
    success: Codes.OK,
    body: checkInDeviceBody,
    response: checkInDeviceKeySchema,
  }),
  devices: endpoint({
    method: 'GET',
    path: '/api/v1/member/check-in/devices',
    summary: "The member's active check-in devices (no keys)",
    auth: 'member',
    success: Codes.OK,
    response: z.array(checkInDeviceSchema),
  }),
  revokeDevice: endpoint({
    method: 'DELETE',
    path: '/api/v1/member/check-in/devices/{deviceId}',
    summary: 'Revoke one of the member’s check-in devices',
    auth: 'member',
    success: Codes.OK,
    response: z.null(),
  }),
  code: endpoint({
    method: 'GET',
    path: '/api/v1/member/check-in/code',
    summary: "The device's current check-in code (?deviceId=), drawn by the gateway for pages without JavaScript",
    auth: 'member',
    success: Codes.OK,
    query: deviceQuery,
    response: checkInCodeSchema,
  }),
  visits: endpoint({
    method: 'GET',
    path: '/api/v1/member/check-ins',
    summary: "The member's visits, newest first (?page=1&limit=20, ?since= an instant)",
    auth: 'member',
    success: Codes.OK,
    query: visitsQuery,
    response: z.array(visitSchema),
  }),
};
