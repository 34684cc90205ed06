import { SmsDeliveryError, type SmsMessage, type SmsSender } from './port.ts';

export type EsmsConfig = {
  apiKey: string;
  secretKey: string;
  brandname: string;
  baseUrl: string;
  sandbox: boolean;
  timeoutMs: number;
};

const SEND_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';

// CodeResult meanings from the eSMS docs (see shared/notes/providers.md, SMS).
const CODE_MEANINGS: Record<string, string> = {
  '101': 'authentication failed',
  '104': 'brandname not registered or invalid',
  '124': 'duplicate RequestId',
  '146': 'content does not match a registered template',
};

// SmsType 2 = brandname customer-care route, the one OTPs are registered on.
const SMS_TYPE_BRANDNAME_CSKH = '2';

// eslint-disable-next-line no-control-regex -- "outside ASCII" is exactly the range from NUL
const hasNonAscii = (text: string): boolean => /[^\x00-\x7f]/.test(text);

export function createEsmsSender(config: EsmsConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${config.baseUrl.replace(/\/+$/, '')}${SEND_PATH}`;

  async function send(message: SmsMessage): Promise<void> {
    const body = {
      ApiKey: config.apiKey,
      SecretKey: config.secretKey,
      Phone: message.phone,
      Content: message.text,
      Brandname: config.brandname,
      SmsType: SMS_TYPE_BRANDNAME_CSKH,
      IsUnicode: hasNonAscii(message.text) ? '1' : '0',
      Sandbox: config.sandbox ? '1' : '0',
      RequestId: message.requestId,
    };

    // Error messages below never echo the body, the key pair or the text: the text holds an OTP
    // and messages end up in logs.
    let status: number;
    let raw: string;
    try {
      // One signal covers connect, headers and body, so a server that trickles forever still times out.
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new SmsDeliveryError(`eSMS request timed out after ${config.timeoutMs} ms`);
      }
      throw new SmsDeliveryError('eSMS request failed: network error');
    }

    if (status < 200 || status > 299) {
      throw new SmsDeliveryError(`eSMS answered HTTP ${status}`);
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new SmsDeliveryError('eSMS answered with a body that is not JSON');
    }

    const codeValue =
      typeof parsed === 'object' && parsed !== null ? (parsed as { CodeResult?: unknown }).CodeResult : undefined;
    if (typeof codeValue !== 'string' && typeof codeValue !== 'number') {
      throw new SmsDeliveryError('eSMS answered without a CodeResult');
    }
    const code = String(codeValue).trim();
    if (code === '100') return;
    // Only short numeric codes go into the message, so a broken upstream cannot inject log content.
    if (!/^-?\d{1,8}$/.test(code)) {
      throw new SmsDeliveryError('eSMS answered with a malformed CodeResult');
    }

    const meaning = CODE_MEANINGS[code] ?? 'unknown error';
    throw new SmsDeliveryError(`eSMS rejected the message: ${meaning} (CodeResult ${code})`, code);
  }

  return { name: 'esms', send };
}
