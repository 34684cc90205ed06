import { randomBytes, randomInt } from 'node:crypto';
import { formatVnd } from '#api/format.ts';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { savedCards } from '#gateway/db/schema/index.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { readForm } from '#gateway/http/validate.ts';
import { vnpaySettings, type VnpaySettings } from '#gateway/providers/card/settings.ts';
import {
  hasValidVnpaySignature,
  maskCardNumber,
  signedVnpayQuery,
  vnpayDate,
  type VnpParams,
} from '#gateway/providers/card/vnpay.ts';

// A VNPAY-like sandbox (ARCHITECTURE §6): it checks the signature and terminal code the way
// VNPAY does, lets the tester pick the outcome, sends the signed IPN server to server, then
// sends the browser back to vnp_ReturnUrl with the same signed fields. No JavaScript needed.

type Locale = 'vi' | 'en';

const texts = {
  vi: {
    title: 'Cổng thanh toán VNPAY (thử nghiệm)',
    banner: 'Môi trường thử nghiệm: không có tiền thật được chuyển.',
    amount: 'Số tiền',
    order: 'Nội dung',
    reference: 'Mã giao dịch',
    outcome: 'Chọn kết quả giao dịch',
    card: 'Thẻ thử nghiệm',
    cardType: 'Loại thẻ',
    savedCard: 'Thẻ đã lưu',
    pay: 'Gửi kết quả',
    addCard: 'Lưu thẻ',
    domestic: 'Thẻ nội địa (ATM)',
    international: 'Thẻ quốc tế',
    refused: 'Yêu cầu không hợp lệ',
  },
  en: {
    title: 'VNPAY payment gateway (test)',
    banner: 'A test environment: no real money moves.',
    amount: 'Amount',
    order: 'Order',
    reference: 'Reference',
    outcome: 'Choose the outcome',
    card: 'Test card',
    cardType: 'Card type',
    savedCard: 'Saved card',
    pay: 'Send the result',
    addCard: 'Save the card',
    domestic: 'Domestic card (ATM)',
    international: 'International card',
    refused: 'Invalid request',
  },
} satisfies Record<Locale, Record<string, string>>;

/** vnp_ResponseCode → vnp_TransactionStatus, as VNPAY pairs them, with the tester's labels. */
const payOutcomes: { code: string; status: string; vi: string; en: string }[] = [
  { code: '00', status: '00', vi: 'Thành công', en: 'Success' },
  { code: '24', status: '02', vi: 'Khách hàng hủy giao dịch', en: 'Customer cancelled' },
  { code: '51', status: '02', vi: 'Không đủ số dư', en: 'Insufficient balance' },
  { code: '11', status: '02', vi: 'Hết thời gian chờ thanh toán', en: 'Payment window expired' },
  { code: '07', status: '07', vi: 'Trừ tiền thành công, nghi ngờ gian lận', en: 'Money taken, suspected fraud' },
  { code: '09', status: '02', vi: 'Thẻ chưa đăng ký Internet Banking', en: 'Card not registered for internet banking' },
  { code: '12', status: '02', vi: 'Thẻ/tài khoản bị khóa', en: 'Card or account locked' },
  { code: '13', status: '02', vi: 'Sai mã OTP', en: 'Wrong OTP' },
  { code: '65', status: '02', vi: 'Vượt hạn mức trong ngày', en: 'Daily limit exceeded' },
  { code: '75', status: '02', vi: 'Ngân hàng đang bảo trì', en: 'Bank under maintenance' },
  { code: '79', status: '02', vi: 'Sai mật khẩu thanh toán quá số lần', en: 'Too many wrong payment passwords' },
  { code: '99', status: '02', vi: 'Lỗi khác', en: 'Other error' },
];
const tokenOutcomes = payOutcomes.filter((o) => ['00', '24', '09', '12', '13', '79', '99'].includes(o.code));

/**
 * Published VNPAY sandbox test cards (never real ones), and the sandbox's own cards that its
 * recurring service declines (SANDBOX_DECLINE_CARDS: the masked numbers match), so a decline, the
 * retries and the lapse can be tried from the pages (issue 38 §4).
 */
const testCards: {
  id: string;
  type: '01' | '02';
  bankCode: string;
  number: string;
  label: string;
  note?: Record<'vi' | 'en', string>;
}[] = [
  { id: 'ncb', type: '01', bankCode: 'NCB', number: '9704198526191432198', label: 'NCB 9704 1985 2619 1432 198' },
  {
    id: 'ncb-no-funds',
    type: '01',
    bankCode: 'NCB',
    number: '9704190000000000488',
    label: 'NCB 9704 1900 0000 0000 488',
    note: { vi: 'gia hạn bị từ chối: không đủ số dư (51)', en: 'renewals declined: insufficient balance (51)' },
  },
  {
    id: 'ncb-locked',
    type: '01',
    bankCode: 'NCB',
    number: '9704190000001314',
    label: 'NCB 9704 1900 0000 1314',
    note: { vi: 'gia hạn bị từ chối: thẻ bị khóa (12)', en: 'renewals declined: card locked (12)' },
  },
  {
    id: 'ncb-expired',
    type: '01',
    bankCode: 'NCB',
    number: '9704190000002028',
    label: 'NCB 9704 1900 0000 2028',
    note: { vi: 'thẻ hết hạn (01/24): gia hạn bị từ chối (99)', en: 'expired card (01/24): renewals declined (99)' },
  },
  { id: 'visa', type: '02', bankCode: 'VISA', number: '4456530000001005', label: 'VISA 4456 5300 0000 1005' },
  {
    id: 'mastercard',
    type: '02',
    bankCode: 'MASTERCARD',
    number: '5200000000001096',
    label: 'MASTERCARD 5200 0000 0000 1096',
  },
];

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const vnpParams = (record: Record<string, unknown>): VnpParams =>
  Object.fromEntries(
    Object.entries(record).filter((e): e is [string, string] => e[0].startsWith('vnp_') && typeof e[1] === 'string'),
  );

const originOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f2f4f7}
.banner{background:#b42318;color:#fff;font-weight:700;padding:12px 16px;text-align:center}
.banner span{display:block;font-weight:400;font-size:14px}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:8px 0 16px;color:#005baa}
.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:8px 12px}dt{color:#555}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:22px;color:#b42318}
fieldset{border:0;margin:0;padding:0}legend{font-weight:700;margin-bottom:8px}
label{display:flex;align-items:center;gap:10px;min-height:44px;padding:8px 12px;border:1px solid #d0d5dd;border-radius:8px;margin-bottom:8px;background:#fff}
input[type=radio]{width:20px;height:20px;flex:none}
button{width:100%;min-height:48px;border:0;border-radius:8px;background:#005baa;color:#fff;font-size:17px;font-weight:700}
.error{color:#b42318;font-weight:700}`;

function page(c: Context<AppEnv>, locale: Locale, body: string, status: 200 | 400 | 404, formTarget: string | null) {
  const nonce = randomBytes(16).toString('base64');
  const t = texts[locale];
  c.header(
    'content-security-policy',
    [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      // The form posts here and is then redirected to the merchant's return page.
      `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  // The URL carries the signed request (a token, for token_pay): no Referer to anyone.
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><div class="banner" role="note">SANDBOX<span>${escapeHtml(texts.vi.banner)}</span><span lang="en">${escapeHtml(texts.en.banner)}</span></div><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`;
  return c.html(html, status);
}

function refuse(c: Context<AppEnv>, locale: Locale, reason: string) {
  return page(
    c,
    locale,
    `<div class="card"><p class="error">${escapeHtml(texts[locale].refused)}</p><p>${escapeHtml(reason)}</p></div>`,
    400,
    null,
  );
}

const hiddenFields = (params: VnpParams) =>
  Object.entries(params)
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('');

const radios = (name: string, options: { value: string; label: string }[]) =>
  options
    .map(
      (o, i) =>
        `<label><input type="radio" name="${name}" value="${escapeHtml(o.value)}"${i === 0 ? ' checked' : ''} required>${escapeHtml(o.label)}</label>`,
    )
    .join('');

type Flow = 'pay' | 'token_create' | 'token_pay';

const flowFields = {
  pay: {
    tmn: 'vnp_TmnCode',
    command: 'vnp_Command',
    version: 'vnp_Version',
    locale: 'vnp_Locale',
    returnUrl: 'vnp_ReturnUrl',
    txnRef: 'vnp_TxnRef',
    hash: 'vnp_SecureHash',
  },
  token_create: {
    tmn: 'vnp_tmn_code',
    command: 'vnp_command',
    version: 'vnp_version',
    locale: 'vnp_locale',
    returnUrl: 'vnp_return_url',
    txnRef: 'vnp_txn_ref',
    hash: 'vnp_secure_hash',
  },
  token_pay: {
    tmn: 'vnp_tmn_code',
    command: 'vnp_command',
    version: 'vnp_version',
    locale: 'vnp_locale',
    returnUrl: 'vnp_return_url',
    txnRef: 'vnp_txn_ref',
    hash: 'vnp_secure_hash',
  },
} as const;

/** VNPAY's own checks of an incoming request; the reason it is refused, or null. */
function checkRequest(flow: Flow, params: VnpParams, settings: VnpaySettings): string | null {
  const f = flowFields[flow];
  if (!hasValidVnpaySignature(settings.hashSecret, params)) return 'Sai chữ ký / invalid signature (vnp_SecureHash)';
  if (params[f.tmn] !== settings.tmnCode) return 'Mã website không tồn tại / unknown terminal (vnp_TmnCode)';
  if (params[f.version] !== '2.1.0' || params[f.command] !== flow)
    return 'Sai phiên bản hoặc lệnh / wrong version or command';
  if (!originOf(params[f.returnUrl] ?? '')) return 'Sai địa chỉ trả về / invalid return URL';
  if (!/^[\w-]{1,100}$/.test(params[f.txnRef] ?? '')) return 'Sai mã giao dịch / invalid reference';
  const amount = flow === 'pay' ? params.vnp_Amount : flow === 'token_pay' ? params.vnp_amount : '100';
  if (!/^\d{3,15}$/.test(amount ?? '') || Number(amount) % 100 !== 0) return 'Sai số tiền / invalid amount';
  return null;
}

const localeOf = (flow: Flow, params: VnpParams): Locale => (params[flowFields[flow].locale] === 'en' ? 'en' : 'vi');

/** The sandbox's own transaction number (8 digits; VNPAY sends 0 for a cancelled payment). */
const transactionNo = (code: string) => (code === '24' ? '0' : String(randomInt(10_000_000, 100_000_000)));

export function sandboxVnpayRoutes() {
  const app = new Hono<AppEnv>();

  /** Sends the IPN like VNPAY: GET with the signed fields, server to server; then the browser goes back. */
  async function deliver(
    c: Context<AppEnv>,
    settings: VnpaySettings,
    result: VnpParams,
    hashField: 'vnp_SecureHash' | 'vnp_secure_hash',
    returnUrl: string,
  ) {
    const query = signedVnpayQuery(settings.hashSecret, result, hashField);
    const { logger } = c.get('deps');
    try {
      const response = await fetch(`${settings.sandboxIpnUrl}?${query}`, { signal: AbortSignal.timeout(10_000) });
      logger.info({ status: response.status, answer: await response.text() }, 'sandbox VNPAY IPN delivered');
    } catch (error) {
      // VNPAY would retry; the return page then shows the payment still pending.
      logger.warn({ err: error, url: settings.sandboxIpnUrl }, 'sandbox VNPAY IPN could not be delivered');
    }
    return c.redirect(`${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${query}`, 303);
  }

  const summary = (rows: [string, string, string?][]) =>
    `<div class="card"><dl>${rows.map(([k, v, cls]) => `<dt>${escapeHtml(k)}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(v)}</dd>`).join('')}</dl></div>`;

  const form = (params: VnpParams, inner: string, button: string) =>
    `<form method="post" class="card">${hiddenFields(params)}${inner}<button type="submit">${escapeHtml(button)}</button></form>`;

  // ── Pay (vnp_Command=pay) ──
  app.get('/paymentv2/vpcpay.html', (c) => {
    const settings = vnpaySettings(c.get('deps').config);
    const params = vnpParams(c.req.query());
    const locale = localeOf('pay', params);
    const refused = checkRequest('pay', params, settings);
    if (refused) return refuse(c, locale, refused);
    const t = texts[locale];
    const body =
      summary([
        [t.amount, formatVnd(Number(params.vnp_Amount) / 100, locale), 'amount'],
        [t.order, params.vnp_OrderInfo ?? ''],
        [t.reference, params.vnp_TxnRef],
      ]) +
      form(
        params,
        `<fieldset><legend>${escapeHtml(t.outcome)}</legend>${radios(
          'outcome',
          payOutcomes.map((o) => ({ value: o.code, label: `${o.code} — ${o[locale]}` })),
        )}</fieldset>`,
        t.pay,
      );
    return page(c, locale, body, 200, originOf(params.vnp_ReturnUrl));
  });

  app.post('/paymentv2/vpcpay.html', async (c) => {
    const settings = vnpaySettings(c.get('deps').config);
    const posted = await readForm(c);
    const params = vnpParams(posted);
    const locale = localeOf('pay', params);
    const refused = checkRequest('pay', params, settings);
    if (refused) return refuse(c, locale, refused);
    const outcome = payOutcomes.find((o) => o.code === posted.outcome);
    if (!outcome) return refuse(c, locale, 'outcome');
    const result: VnpParams = {
      vnp_Amount: params.vnp_Amount,
      vnp_BankCode: params.vnp_BankCode || 'NCB',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: params.vnp_OrderInfo ?? '',
      vnp_PayDate: vnpayDate(c.get('deps').clock.now()),
      vnp_ResponseCode: outcome.code,
      vnp_TmnCode: settings.tmnCode,
      vnp_TransactionNo: transactionNo(outcome.code),
      vnp_TransactionStatus: outcome.status,
      vnp_TxnRef: params.vnp_TxnRef,
    };
    if (outcome.code !== '24') result.vnp_BankTranNo = `VNP${String(randomInt(10_000_000, 100_000_000))}`;
    return deliver(c, settings, result, 'vnp_SecureHash', params.vnp_ReturnUrl);
  });

  // ── Add a card (token_create) ──
  app.get('/token_ui/create-token.html', (c) => {
    const settings = vnpaySettings(c.get('deps').config);
    const params = vnpParams(c.req.query());
    const locale = localeOf('token_create', params);
    const refused = checkRequest('token_create', params, settings);
    if (refused) return refuse(c, locale, refused);
    const t = texts[locale];
    const cards = testCards.filter((card) => card.type === params.vnp_card_type);
    const body =
      summary([
        [t.cardType, params.vnp_card_type === '02' ? t.international : t.domestic],
        [t.reference, params.vnp_txn_ref],
      ]) +
      form(
        params,
        `<fieldset><legend>${escapeHtml(t.card)}</legend>${radios(
          'card',
          cards.map((card) => ({
            value: card.id,
            label: card.note ? `${card.label} — ${card.note[locale]}` : card.label,
          })),
        )}</fieldset>` +
          `<fieldset><legend>${escapeHtml(t.outcome)}</legend>${radios(
            'outcome',
            tokenOutcomes.map((o) => ({ value: o.code, label: `${o.code} — ${o[locale]}` })),
          )}</fieldset>`,
        t.addCard,
      );
    return page(c, locale, body, 200, originOf(params.vnp_return_url));
  });

  app.post('/token_ui/create-token.html', async (c) => {
    const { config, clock } = c.get('deps');
    const settings = vnpaySettings(config);
    const posted = await readForm(c);
    const params = vnpParams(posted);
    const locale = localeOf('token_create', params);
    const refused = checkRequest('token_create', params, settings);
    if (refused) return refuse(c, locale, refused);
    const outcome = tokenOutcomes.find((o) => o.code === posted.outcome);
    const card = testCards.find((tc) => tc.id === posted.card && tc.type === params.vnp_card_type);
    if (!outcome || !card) return refuse(c, locale, 'outcome / card');
    const result: VnpParams = {
      vnp_app_user_id: params.vnp_app_user_id,
      vnp_bank_code: card.bankCode,
      vnp_card_type: card.type,
      vnp_command: 'token_create',
      vnp_pay_date: vnpayDate(clock.now()),
      vnp_response_code: outcome.code,
      vnp_tmn_code: settings.tmnCode,
      vnp_transaction_no: transactionNo(outcome.code),
      vnp_transaction_status: outcome.status,
      vnp_txn_ref: params.vnp_txn_ref,
    };
    if (outcome.code === '00') {
      result.vnp_token = randomBytes(24).toString('hex');
      result.vnp_card_number = maskCardNumber(card.number);
    }
    const back = outcome.code === '24' && params.vnp_cancel_url ? params.vnp_cancel_url : params.vnp_return_url;
    return deliver(c, settings, result, 'vnp_secure_hash', back);
  });

  // ── Pay with a saved card (token_pay) ──
  /** The sandbox plays VNPAY, which knows the tokens it issued (and whose they are). */
  const tokenCard = async (c: Context<AppEnv>, params: VnpParams) => {
    const [card] = await c
      .get('deps')
      .db.select()
      .from(savedCards)
      .where(eq(savedCards.token, params.vnp_token ?? ''));
    return card && !card.deletedAt && String(card.accountId) === params.vnp_app_user_id ? card : null;
  };

  app.get('/token_ui/payment-token.html', async (c) => {
    const settings = vnpaySettings(c.get('deps').config);
    const params = vnpParams(c.req.query());
    const locale = localeOf('token_pay', params);
    const refused = checkRequest('token_pay', params, settings);
    if (refused) return refuse(c, locale, refused);
    const card = await tokenCard(c, params);
    if (!card) return refuse(c, locale, 'Token không tồn tại / unknown token');
    const t = texts[locale];
    const body =
      summary([
        [t.amount, formatVnd(Number(params.vnp_amount) / 100, locale), 'amount'],
        [t.order, params.vnp_txn_desc ?? ''],
        [t.savedCard, `${card.bankCode} ${card.cardNumber}`],
        [t.reference, params.vnp_txn_ref],
      ]) +
      form(
        params,
        `<fieldset><legend>${escapeHtml(t.outcome)}</legend>${radios(
          'outcome',
          payOutcomes.map((o) => ({ value: o.code, label: `${o.code} — ${o[locale]}` })),
        )}</fieldset>`,
        t.pay,
      );
    return page(c, locale, body, 200, originOf(params.vnp_return_url));
  });

  app.post('/token_ui/payment-token.html', async (c) => {
    const { config, clock } = c.get('deps');
    const settings = vnpaySettings(config);
    const posted = await readForm(c);
    const params = vnpParams(posted);
    const locale = localeOf('token_pay', params);
    const refused = checkRequest('token_pay', params, settings);
    if (refused) return refuse(c, locale, refused);
    const card = await tokenCard(c, params);
    const outcome = payOutcomes.find((o) => o.code === posted.outcome);
    if (!card || !outcome) return refuse(c, locale, 'outcome / token');
    const result: VnpParams = {
      vnp_amount: params.vnp_amount,
      vnp_app_user_id: params.vnp_app_user_id,
      vnp_bank_code: card.bankCode,
      vnp_card_number: card.cardNumber,
      vnp_card_type: card.cardType,
      vnp_command: 'token_pay',
      vnp_pay_date: vnpayDate(clock.now()),
      vnp_response_code: outcome.code,
      vnp_tmn_code: settings.tmnCode,
      vnp_transaction_no: transactionNo(outcome.code),
      vnp_transaction_status: outcome.status,
      vnp_txn_desc: params.vnp_txn_desc ?? '',
      vnp_txn_ref: params.vnp_txn_ref,
    };
    const back = outcome.code === '24' && params.vnp_cancel_url ? params.vnp_cancel_url : params.vnp_return_url;
    return deliver(c, settings, result, 'vnp_secure_hash', back);
  });
  return app;
}
