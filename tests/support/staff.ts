import type { TestGateway } from './gateway.ts';

let ipCounter = 1;

/**
 * A staff token through the staff OTP sign-in, from an address of its own (TEST-NET-1) so the
 * per-address OTP limits of one test do not reach another's.
 */
export async function staffLogin(gw: TestGateway, phone: string) {
  gw.clock.advance(31_000);
  const ip = `192.0.2.${String(200 + (ipCounter++ % 50))}`;
  await gw.call('POST', '/api/v1/staff/auth/otp/send', { json: { phoneNumber: phone }, ip });
  const res = await gw.call('POST', '/api/v1/staff/auth/otp/login', {
    json: { phoneNumber: phone, otp: await gw.latestOtp(phone) },
    ip,
  });
  if (res.body.code !== 1002) throw new Error(`staff sign-in of ${phone} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken as string;
}
