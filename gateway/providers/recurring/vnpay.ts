import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VNPAY_VERSION, vnpayDate } from '#gateway/providers/card/vnpay.ts';
import { RecurringProviderError, type ChargeResult, type RecurringCard, type RecurringPort } from './port.ts';

// VNPAY's recurring payments ("Thanh toán định kỳ", a product of its own with a JSON API,
// notes/domain-facts.md). Documented in what we could read of VNPAY's merchant specification:
// a JSON POST with reqId (unique per day), command, tmnCode, order {orderReference, orderInfo},
// transaction {recurringId, mcDate yyyyMMddHHmmss GMT+7}, ipAddr, version 2.1.0 and secureHash;
// the agreement's recurringId is returned at registration. UNCONFIRMED, to check with VNPAY when
// the product is contracted: the command names (configurable, defaults below), the amount's
// place (order.amount, VND × 100 as in the pay API) and the checksum's field order (we sign the
// values joined by '|' with HMAC-SHA512, as VNPAY's other JSON API, querydr, does).

export type VnpayRecurringSettings = {
  url: string;
  tmnCode: string;
  hashSecret: string;
  commands?: { register?: string; charge?: string };
  serverIp: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

export const RECURRING_COMMANDS = { register: 'token_recurring', charge: 'pay_recurring' } as const;

type RecurringRequest = {
  reqId: string;
  version: string;
  command: string;
  tmnCode: string;
  order: { orderReference: string; orderInfo: string; amount: string };
  transaction: { recurringId: string; token: string; appUserId: string; mcDate: string };
  ipAddr: string;
  secureHash: string;
};

/** The fields signed, in order (UNCONFIRMED order, see above). */
export const signedRecurringFields = (r: Omit<RecurringRequest, 'secureHash'>) =>
  [
    r.reqId,
    r.version,
    r.command,
    r.tmnCode,
    r.order.orderReference,
    r.order.amount,
    r.transaction.recurringId,
    r.transaction.token,
    r.transaction.mcDate,
    r.ipAddr,
    r.order.orderInfo,
  ].join('|');

export const recurringSignature = (hashSecret: string, data: string) =>
  createHmac('sha512', hashSecret).update(data, 'utf8').digest('hex');

/** A response's own checksum: reqId|responseCode|recurringId|transactionNo. */
export const signedRecurringAnswer = (a: {
  reqId?: string;
  responseCode?: string;
  recurringId?: string;
  transactionNo?: string;
}) => [a.reqId ?? '', a.responseCode ?? '', a.recurringId ?? '', a.transactionNo ?? ''].join('|');

const sameHex = (a: string, b: string) =>
  /^[0-9a-f]{128}$/i.test(a) && timingSafeEqual(Buffer.from(a.toLowerCase(), 'hex'), Buffer.from(b, 'hex'));

export function createVnpayRecurring(settings: VnpayRecurringSettings): RecurringPort {
  const doFetch = settings.fetch ?? globalThis.fetch;
  const commands = { ...RECURRING_COMMANDS, ...settings.commands };

  async function call(
    command: string,
    input: {
      reference: string;
      amount: number;
      orderInfo: string;
      recurringId: string;
      card: RecurringCard;
      now: Date;
    },
  ) {
    const body: Omit<RecurringRequest, 'secureHash'> = {
      reqId: `${input.reference}${randomBytes(3).toString('hex').toUpperCase()}`.slice(0, 32),
      version: VNPAY_VERSION,
      command,
      tmnCode: settings.tmnCode,
      order: { orderReference: input.reference, orderInfo: input.orderInfo, amount: String(input.amount * 100) },
      transaction: {
        recurringId: input.recurringId,
        token: input.card.token,
        appUserId: input.card.appUserId,
        mcDate: vnpayDate(input.now),
      },
      ipAddr: settings.serverIp,
    };
    const request: RecurringRequest = {
      ...body,
      secureHash: recurringSignature(settings.hashSecret, signedRecurringFields(body)),
    };
    let response: Response;
    try {
      response = await doFetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new RecurringProviderError(
        `VNPAY recurring unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!response.ok) throw new RecurringProviderError(`VNPAY recurring answered HTTP ${String(response.status)}`);
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const text = (key: string) => (answer && typeof answer[key] === 'string' ? (answer[key] as string) : undefined);
    const fields = {
      reqId: text('reqId'),
      responseCode: text('responseCode'),
      recurringId: text('recurringId'),
      transactionNo: text('transactionNo'),
    };
    const hash = text('secureHash') ?? '';
    // An answer we cannot verify moves nothing: the charge stays open and is asked again with the same reference.
    if (
      !fields.responseCode ||
      fields.reqId !== request.reqId ||
      !sameHex(hash, recurringSignature(settings.hashSecret, signedRecurringAnswer(fields)))
    ) {
      throw new RecurringProviderError('VNPAY recurring answer without a valid checksum');
    }
    return fields;
  }

  return {
    name: 'vnpay-recurring',
    async register(card, reference, now) {
      const answer = await call(commands.register, {
        reference,
        amount: 0,
        orderInfo: `Dang ky thanh toan dinh ky ${reference}`,
        recurringId: '',
        card,
        now,
      });
      return answer.responseCode === '00' && answer.recurringId && /^\d{1,32}$/.test(answer.recurringId)
        ? { recurringId: answer.recurringId }
        : null;
    },
    async charge(request): Promise<ChargeResult> {
      const answer = await call(commands.charge, request);
      // 94: this reference was already charged: the first answer stands; it was a success if it got this far again.
      if ((answer.responseCode === '00' || answer.responseCode === '94') && answer.transactionNo)
        return { ok: true, transactionNo: answer.transactionNo };
      return { ok: false, responseCode: answer.responseCode === '00' ? '99' : answer.responseCode! };
    },
  };
}
