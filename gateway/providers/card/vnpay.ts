import { createHmac, timingSafeEqual } from 'node:crypto';
import { vietnamDateTime } from '#api/vietnam-time.ts';

// VNPAY payment gateway 2.1.0 (notes/providers.md): a signed pay URL, checked the same way on
// the IPN and the return. The signature is HMAC-SHA512 over the parameters sorted by key and
// joined as urlencode(key)=urlencode(value) with '&' (spaces as '+', like PHP's urlencode that
// VNPAY's own samples use).

export type VnpParams = Record<string, string>;

export const VNPAY_VERSION = '2.1.0';

/** PHP urlencode: encodeURIComponent, plus !'()* escaped and spaces as '+'. */
export const phpUrlEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

// The pay API names its fields in camelCase (vnp_SecureHash); the token API in snake_case (vnp_secure_hash).
const hashFields = new Set(['vnp_SecureHash', 'vnp_SecureHashType', 'vnp_secure_hash', 'vnp_secure_hash_type']);

/** The string VNPAY signs: every non-empty vnp_ parameter except the hash fields, sorted by key. */
export function signedData(params: VnpParams) {
  return Object.keys(params)
    .filter((key) => key.startsWith('vnp_') && !hashFields.has(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${phpUrlEncode(key)}=${phpUrlEncode(params[key])}`)
    .join('&');
}

export const vnpaySignature = (hashSecret: string, params: VnpParams) =>
  createHmac('sha512', hashSecret).update(signedData(params), 'utf8').digest('hex');

/** Constant-time check of vnp_SecureHash (or the token API's vnp_secure_hash; case-insensitive hex). */
export function hasValidVnpaySignature(hashSecret: string, params: VnpParams) {
  const given = (params.vnp_SecureHash ?? params.vnp_secure_hash ?? '').toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(vnpaySignature(hashSecret, params), 'hex'));
}

/** yyyyMMddHHmmss in GMT+7, as VNPAY wants vnp_CreateDate and vnp_ExpireDate. */
export function vnpayDate(date: Date) {
  return vietnamDateTime(date).replace(/[- :]/g, '');
}

export type VnpayPayRequest = {
  tmnCode: string;
  hashSecret: string;
  payUrl: string;
  returnUrl: string;
  /** vnp_TxnRef: unique per day; ours is unique for ever. */
  txnRef: string;
  amount: number;
  orderInfo: string;
  locale: 'vi' | 'en';
  clientIp: string;
  createdAt: Date;
  expiresAt: Date;
  bankCode?: string;
};

/** The signed URL that sends the member's browser to VNPAY's pay page. */
export function buildVnpayPayUrl(request: VnpayPayRequest) {
  const params: VnpParams = {
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: request.tmnCode,
    vnp_Amount: String(request.amount * 100),
    vnp_CreateDate: vnpayDate(request.createdAt),
    vnp_ExpireDate: vnpayDate(request.expiresAt),
    vnp_CurrCode: 'VND',
    vnp_IpAddr: request.clientIp,
    vnp_Locale: request.locale === 'en' ? 'en' : 'vn',
    vnp_OrderInfo: request.orderInfo,
    vnp_OrderType: 'other',
    vnp_ReturnUrl: request.returnUrl,
    vnp_TxnRef: request.txnRef,
  };
  if (request.bankCode) params.vnp_BankCode = request.bankCode;
  return `${request.payUrl}?${signedVnpayQuery(request.hashSecret, params)}`;
}

/** The parameters as a query string with their signature appended (the pay API's field name or the token API's). */
export function signedVnpayQuery(
  hashSecret: string,
  params: VnpParams,
  hashField: 'vnp_SecureHash' | 'vnp_secure_hash' = 'vnp_SecureHash',
) {
  return `${signedData(params)}&${hashField}=${vnpaySignature(hashSecret, params)}`;
}

/** A yyyyMMddHHmmss GMT+7 time (vnp_PayDate) as an instant; null when it is not one. */
export function parseVnpayDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h - 7, mi, s));
  // Refuse rollovers such as month 13 or 25 o'clock.
  return vnpayDate(date) === value ? date : null;
}

// Saved cards (notes/providers.md "Saved cards (token)", UNCONFIRMED: gathered from third-party
// integrations, not VNPAY's public documentation). The token API uses snake_case fields, hosted
// pages under /token_ui/ and the same HMAC-SHA512 over the sorted, encoded fields.

export type VnpayTokenCreateRequest = {
  tmnCode: string;
  hashSecret: string;
  /** The token_ui base, ending in '/'. */
  tokenUrl: string;
  returnUrl: string;
  /** Where VNPAY sends a member who gives up; the return URL when not given. */
  cancelUrl?: string;
  txnRef: string;
  appUserId: string;
  cardType: '01' | '02';
  locale: 'vi' | 'en';
  clientIp: string;
  createdAt: Date;
};

/** token_create: the member enters a card on VNPAY's page and VNPAY keeps it as a token for us. */
export function buildVnpayTokenCreateUrl(request: VnpayTokenCreateRequest) {
  const params: VnpParams = {
    vnp_version: VNPAY_VERSION,
    vnp_command: 'token_create',
    vnp_tmn_code: request.tmnCode,
    vnp_app_user_id: request.appUserId,
    vnp_card_type: request.cardType,
    vnp_txn_ref: request.txnRef,
    vnp_txn_desc: `Luu the ${request.txnRef}`,
    vnp_locale: request.locale === 'en' ? 'en' : 'vn',
    vnp_ip_addr: request.clientIp,
    vnp_create_date: vnpayDate(request.createdAt),
    vnp_return_url: request.returnUrl,
    vnp_cancel_url: request.cancelUrl ?? request.returnUrl,
  };
  return `${request.tokenUrl}create-token.html?${signedVnpayQuery(request.hashSecret, params, 'vnp_secure_hash')}`;
}

export type VnpayTokenPayRequest = Omit<VnpayTokenCreateRequest, 'cardType'> & {
  token: string;
  amount: number;
  orderInfo: string;
};

/** token_pay: a payment with a saved card's token (the member confirms on VNPAY's page). */
export function buildVnpayTokenPayUrl(request: VnpayTokenPayRequest) {
  const params: VnpParams = {
    vnp_version: VNPAY_VERSION,
    vnp_command: 'token_pay',
    vnp_tmn_code: request.tmnCode,
    vnp_app_user_id: request.appUserId,
    vnp_token: request.token,
    vnp_amount: String(request.amount * 100),
    vnp_curr_code: 'VND',
    vnp_txn_ref: request.txnRef,
    vnp_txn_desc: request.orderInfo,
    vnp_locale: request.locale === 'en' ? 'en' : 'vn',
    vnp_ip_addr: request.clientIp,
    vnp_create_date: vnpayDate(request.createdAt),
    vnp_return_url: request.returnUrl,
    vnp_cancel_url: request.returnUrl,
  };
  return `${request.tokenUrl}payment-token.html?${signedVnpayQuery(request.hashSecret, params, 'vnp_secure_hash')}`;
}

/** One result message (IPN or return), whichever API's field names it uses. */
export type VnpayResult = {
  txnRef: string;
  /** VND (vnp_Amount / 100); null when absent (token_create) or not a whole number of dong. */
  amount: number | null;
  responseCode: string;
  transactionStatus: string;
  transactionNo: string;
  payDate: Date | null;
  tmnCode: string;
  command: string | null;
  bankCode: string;
  /** Token results only. */
  token: string;
  cardNumber: string;
  cardType: string;
  orderInfo: string;
};

/** Reads a result message in either naming (pay API camelCase, token API snake_case). */
export function readVnpayResult(params: VnpParams): VnpayResult {
  const snake = params.vnp_txn_ref !== undefined && params.vnp_TxnRef === undefined;
  const get = (camel: string, snakeName: string) => (snake ? params[snakeName] : params[camel]) ?? '';
  const rawAmount = get('vnp_Amount', 'vnp_amount');
  const amount = /^\d{1,15}$/.test(rawAmount) && Number(rawAmount) % 100 === 0 ? Number(rawAmount) / 100 : null;
  return {
    txnRef: get('vnp_TxnRef', 'vnp_txn_ref'),
    amount,
    responseCode: get('vnp_ResponseCode', 'vnp_response_code'),
    transactionStatus: get('vnp_TransactionStatus', 'vnp_transaction_status'),
    transactionNo: get('vnp_TransactionNo', 'vnp_transaction_no'),
    payDate: parseVnpayDate(get('vnp_PayDate', 'vnp_pay_date')),
    tmnCode: get('vnp_TmnCode', 'vnp_tmn_code'),
    command: snake ? (params.vnp_command ?? null) : null,
    bankCode: get('vnp_BankCode', 'vnp_bank_code'),
    token: snake ? (params.vnp_token ?? '') : '',
    cardNumber: snake ? (params.vnp_card_number ?? '') : '',
    cardType: get('vnp_CardType', 'vnp_card_type'),
    orderInfo: get('vnp_OrderInfo', 'vnp_txn_desc'),
  };
}

/** A result is a success only when both codes say so (VNPAY's IPN samples check both). */
export const isVnpaySuccess = (result: Pick<VnpayResult, 'responseCode' | 'transactionStatus'>) =>
  result.responseCode === '00' && result.transactionStatus === '00';

/** Only the first six and last four digits of a card number are kept (PCI DSS 3.4). */
export function maskCardNumber(value: string) {
  const chars = value.replace(/[\s-]/g, '');
  if (chars.length < 12) return '*'.repeat(Math.max(chars.length - 4, 0)) + chars.slice(-4);
  return `${chars.slice(0, 6)}${'*'.repeat(chars.length - 10)}${chars.slice(-4)}`;
}
