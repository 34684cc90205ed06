import type { RouterContextProvider } from 'react-router';
import type { OtpSent } from '#api/auth.ts';
import type { authEndpoints } from '#api/endpoints/auth.ts';
import type { staffEndpoints } from '#api/endpoints/staff.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession, rememberOtpSent } from '#app/server/session.server.ts';

type Args = Parameters<typeof gatewayClient>[0];

/**
 * The "resend" button of a code page: a new code to the same phone, its wait remembered, a toast.
 * The staff sign-in passes its own gateway caller and remembers the wait in its own cookie.
 */
export async function resendCode(
  args: Args,
  /** The member's sign-in or new-phone code, or the staff sign-in's. */
  send: typeof authEndpoints.sendOtp | typeof authEndpoints.sendNewPhoneOtp | typeof staffEndpoints.otpSend,
  phoneNumber: string,
  {
    call = gatewayClient(args),
    remember,
  }: { call?: ReturnType<typeof gatewayClient>; remember?: (sent: OtpSent) => void } = {},
) {
  const session = getSession(args.context);
  try {
    const sent = await call(send, { json: { phoneNumber } });
    if (remember) remember(sent.data);
    else rememberOtpSent(session, sent.data);
    flashToast(session, { kind: 'success', text: sent.message });
    return { result: undefined, resendError: undefined };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { result: undefined, resendError: error.text };
  }
}

/** A refused code: the gateway's message, and how many tries are left when it says (code 209). */
export function refusedCodeText(error: GatewayError, context: Readonly<RouterContextProvider>) {
  const attemptsLeft = (error.data as { attemptsLeft?: number } | undefined)?.attemptsLeft;
  return attemptsLeft ? `${error.text} ${getT(context)('verify.attemptsLeft', { count: attemptsLeft })}` : error.text;
}

/** What a code page's loader gives its OtpStep: the phone and the seconds until a resend. */
export function otpStepData(phone: string, resendAt: number) {
  return { phone, resendIn: Math.max(0, Math.ceil((resendAt - Date.now()) / 1000)), resendAt };
}
