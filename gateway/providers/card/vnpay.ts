import { createHmac, timingSafeEqual } from 'node:crypto';

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

/** The string VNPAY signs: every non-empty vnp_ parameter except the hash fields, sorted by key. */
export function signedData(params: VnpParams) {
  return Object.keys(params)
    .filter((key) => key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType' && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${phpUrlEncode(key)}=${phpUrlEncode(params[key])}`)
    .join('&');
}

export const vnpaySignature = (hashSecret: string, params: VnpParams) =>
  createHmac('sha512', hashSecret).update(signedData(params), 'utf8').digest('hex');

/** Constant-time check of vnp_SecureHash (case-insensitive hex). */
export function hasValidVnpaySignature(hashSecret: string, params: VnpParams) {
  const given = (params.vnp_SecureHash ?? '').toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(vnpaySignature(hashSecret, params), 'hex'));
}

/** yyyyMMddHHmmss in GMT+7, as VNPAY wants vnp_CreateDate and vnp_ExpireDate. */
export function vnpayDate(date: Date) {
  const vn = new Date(date.getTime() + 7 * 3_600_000).toISOString();
  return vn.slice(0, 19).replace(/[-T:]/g, '');
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
  const query = `${signedData(params)}&vnp_SecureHash=${vnpaySignature(request.hashSecret, params)}`;
  return `${request.payUrl}?${query}`;
}
