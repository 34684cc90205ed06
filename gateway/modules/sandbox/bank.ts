// The sandbox bank (ARCHITECTURE §6, ADR 010): stands in for the member's banking app and for
// Casso. "Simulate transfer" builds the Casso v2 message a real transfer would produce, signs it
// with the webhook secret and POSTs it over HTTP to our own webhook, so the whole real path runs
// (signature, dedupe, matching, settling). The page is honest about being a sandbox.
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { bankByBin } from '#api/banks.ts';
import { Codes } from '#api/codes.ts';
import { clubs, contracts, payments } from '#gateway/db/schema/index.ts';
import type { AppEnv, Deps } from '#gateway/http/context.ts';
import { ApiError, validationError } from '#gateway/http/errors.ts';
import { CASSO_SIGNATURE_HEADER, cassoSignatureHeader } from '#gateway/providers/bank-transfer/casso.ts';
import { findTransferMemos } from '#gateway/providers/bank-transfer/memo.ts';
import { bankSandboxWebhookUrl, bankWebhookSecret } from '#gateway/providers/bank-transfer/settings.ts';
import { formatBankTime } from '#gateway/providers/bank-transfer/transfer.ts';
import { MAX_AMOUNT } from '#gateway/providers/bank-transfer/vietqr.ts';

const transferInput = z.object({
  // Free text on purpose: the tester may send a wrong or missing memo.
  memo: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'invalid'),
  amount: z.coerce.number({ error: 'required' }).int('invalid').positive('invalid').max(MAX_AMOUNT, 'invalid'),
  accountNumber: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,19}$/, 'invalid')
      .optional(),
  ),
});
type TransferInput = z.infer<typeof transferInput>;

type Db = Deps['db'];

/** The receiving account: the memo's club if the memo is ours, else the first club with an account. */
async function receivingAccount(db: Db, memo: string) {
  const [known] = findTransferMemos(memo);
  if (known) {
    const [row] = await db
      .select({ account: clubs.bankAccountNumber, bin: clubs.bankBin })
      .from(payments)
      .innerJoin(contracts, eq(contracts.id, payments.contractId))
      .innerJoin(clubs, eq(clubs.id, contracts.clubId))
      .where(and(eq(payments.provider, 'vietqr'), eq(payments.reference, known)));
    if (row?.account) return row;
  }
  const [first] = await db
    .select({ account: clubs.bankAccountNumber, bin: clubs.bankBin })
    .from(clubs)
    .where(isNotNull(clubs.bankAccountNumber))
    .orderBy(asc(clubs.id))
    .limit(1);
  return first ?? { account: '0000000000', bin: null };
}

/** The Casso v2 body a real incoming transfer of `amount` with this memo would produce. */
async function cassoMessage(deps: Deps, input: TransferInput) {
  const club = await receivingAccount(deps.db, input.memo);
  const bank = club.bin ? bankByBin(club.bin) : undefined;
  const bankRef = `FT${randomBytes(6).toString('hex').toUpperCase()}`;
  return {
    error: 0,
    data: {
      id: randomInt(1_000_000_000, 2 ** 47),
      reference: bankRef,
      // Banks wrap the memo in their own text; the webhook must find it in there.
      description: `SANDBOX.${bankRef}.${input.memo}.CT tu SANDBOX TESTER`,
      amount: input.amount,
      runningBalance: 0,
      transactionDateTime: formatBankTime(deps.clock.now()),
      accountNumber: input.accountNumber ?? club.account ?? '0000000000',
      bankName: bank?.shortName ?? 'SANDBOX',
      bankAbbreviation: bank?.code ?? 'SANDBOX',
      virtualAccountNumber: '',
      virtualAccountName: '',
      counterAccountName: 'SANDBOX TESTER',
      counterAccountNumber: '',
      counterAccountBankId: '',
      counterAccountBankName: '',
    },
  };
}

/** Signs and posts the message to the webhook over HTTP; the webhook's own answer comes back. */
async function deliver(deps: Deps, input: TransferInput) {
  const message = await cassoMessage(deps, input);
  const send = deps.fetch ?? globalThis.fetch;
  try {
    const response = await send(bankSandboxWebhookUrl(deps.config), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CASSO_SIGNATURE_HEADER]: cassoSignatureHeader(bankWebhookSecret(deps.config), message, deps.clock.now()),
      },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: shown as text
    }
    return { status: response.status, body };
  } catch (error) {
    deps.logger.error({ err: error }, 'sandbox bank: webhook not reachable');
    throw new ApiError(502, Codes.SERVICE_ERROR, undefined, { code: Codes.TIMEOUT });
  }
}

// ── the page ──

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
const vnd = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}\u00a0₫`;
const vietnamTime = (date: Date) => formatBankTime(date).slice(11, 16);

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:16px;max-width:760px;color:#1a1a1a;background:#fff}
.banner{background:#b00020;color:#fff;font-weight:700;padding:8px 12px;border-radius:6px;letter-spacing:.04em}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:28px}
ul.open{list-style:none;margin:0;padding:0}ul.open li{border:1px solid #ddd;border-radius:8px;padding:4px 12px 12px;margin:0 0 12px}
ul.open p{margin:8px 0}.memo{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline}
code{font-size:1.05rem;font-weight:700;letter-spacing:.04em}
button{min-height:44px;padding:8px 14px;font:inherit;border:0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer}
label{display:block;margin:10px 0 4px}input{font:inherit;min-height:44px;padding:6px 10px;width:100%;max-width:320px;box-sizing:border-box;border:1px solid #888;border-radius:6px}
.muted{color:#555}.result{padding:12px;border-radius:6px;background:#f1f3f4}pre{white-space:pre-wrap;overflow-wrap:anywhere}
a{color:#0b57d0}a.back{display:inline-block;min-height:44px;padding:10px 0;box-sizing:border-box}`;

function page(c: Context<AppEnv>, title: string, body: string, status: ContentfulStatusCode = 200) {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'content-security-policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  c.header('referrer-policy', 'no-referrer');
  return c.html(
    `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>` +
      `<body><p class="banner">SANDBOX — Ngân hàng thử nghiệm, không có tiền thật / Test bank, no real money</p>${body}</body></html>`,
    status,
  );
}

const transferForm = (memo: string, amount: number, account: string | null, label: string) =>
  `<form method="post" action="/sandbox/bank/transfer"><input type="hidden" name="memo" value="${escapeHtml(memo)}">` +
  `<input type="hidden" name="amount" value="${String(amount)}">` +
  (account ? `<input type="hidden" name="accountNumber" value="${escapeHtml(account)}">` : '') +
  `<button type="submit">${label}</button></form>`;

const OUTCOME_TEXT: Record<string, string> = {
  matched: 'Khớp — gói tập đã được kích hoạt / Matched — the membership is active',
  wrong_amount: 'Sai số tiền — chờ nhân viên xem xét / Wrong amount — waiting for staff review',
  late: 'Trễ hạn hoặc đã thanh toán — chờ nhân viên xem xét / Late or already paid — waiting for staff review',
  unmatched: 'Không khớp nội dung — chờ nhân viên xem xét / No matching memo — waiting for staff review',
  ignored: 'Bỏ qua / Ignored',
};

export function sandboxBankRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const open = await db
      .select({
        memo: payments.reference,
        amount: payments.amount,
        expiresAt: payments.expiresAt,
        clubVi: clubs.nameVi,
        clubEn: clubs.nameEn,
        account: clubs.bankAccountNumber,
      })
      .from(payments)
      .innerJoin(contracts, eq(contracts.id, payments.contractId))
      .innerJoin(clubs, eq(clubs.id, contracts.clubId))
      .where(and(eq(payments.provider, 'vietqr'), eq(payments.status, 'PENDING'), gt(payments.expiresAt, now)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(50);
    const rows = open
      .map((p) => {
        const minutes = Math.max(0, Math.ceil((p.expiresAt!.getTime() - now.getTime()) / 60_000));
        return (
          `<li><p class="memo"><code>${escapeHtml(p.memo)}</code> <strong>${vnd(p.amount)}</strong></p>` +
          `<p>${escapeHtml(p.clubVi)} <span class="muted">/ ${escapeHtml(p.clubEn)}</span></p>` +
          `<p class="muted">Hết hạn ${vietnamTime(p.expiresAt!)} (còn ${String(minutes)} phút) / Expires ${vietnamTime(p.expiresAt!)} (${String(minutes)} min left)</p>` +
          transferForm(p.memo, p.amount, p.account, 'Mô phỏng chuyển khoản này / Simulate this transfer') +
          `</li>`
        );
      })
      .join('');
    const list = open.length
      ? `<ul class="open">${rows}</ul>`
      : `<p class="muted">Chưa có thanh toán QR nào đang chờ. / No QR payment is waiting.</p>`;
    return page(
      c,
      'SANDBOX bank',
      `<h1>Ngân hàng thử nghiệm / Sandbox bank</h1>` +
        `<p class="muted">Mỗi nút gửi một webhook Casso v2 đã ký đến cổng thanh toán, như khi tiền thật về tài khoản câu lạc bộ. / ` +
        `Each button sends a signed Casso v2 webhook to the gateway, as when real money reaches the club's account.</p>` +
        `<h2>Thanh toán QR đang chờ / Open QR payments</h2>${list}` +
        `<h2>Chuyển khoản tùy chọn / Any transfer</h2>` +
        `<p class="muted">Thử sai số tiền, sai nội dung hoặc chuyển trễ. / Try a wrong amount, a wrong memo or a late transfer.</p>` +
        `<form method="post" action="/sandbox/bank/transfer">` +
        `<label for="memo">Nội dung chuyển khoản / Memo</label><input id="memo" name="memo" required maxlength="100" autocomplete="off">` +
        `<label for="amount">Số tiền (₫) / Amount (₫)</label><input id="amount" name="amount" required inputmode="numeric" pattern="[0-9]+">` +
        `<label for="accountNumber">Tài khoản nhận (tùy chọn) / Receiving account (optional)</label><input id="accountNumber" name="accountNumber" maxlength="19" autocomplete="off">` +
        `<p><button type="submit">Chuyển / Send</button></p></form>`,
    );
  });

  app.post('/transfer', async (c) => {
    const deps = c.get('deps');
    const isForm = !(c.req.header('content-type') ?? '').includes('application/json');
    let raw: unknown;
    try {
      raw = isForm ? await c.req.parseBody() : await c.req.json();
    } catch {
      throw new ApiError(400, Codes.VALIDATION);
    }
    const parsed = transferInput.safeParse(raw);
    if (!parsed.success) {
      if (!isForm) throw validationError(parsed.error, c.get('lang'));
      return page(
        c,
        'SANDBOX bank',
        `<h1>Thông tin chưa hợp lệ / Invalid input</h1><p><a class="back" href="/sandbox/bank">← Quay lại / Back</a></p>`,
        400,
      );
    }
    const answer = await deliver(deps, parsed.data);
    if (!isForm) return c.json(answer.body as object, answer.status as ContentfulStatusCode);
    const outcome = (answer.body as { data?: { results?: { outcome?: string; duplicate?: boolean }[] } }).data
      ?.results?.[0]?.outcome;
    return page(
      c,
      'SANDBOX bank',
      `<h1>Đã gửi webhook / Webhook sent</h1>` +
        `<div class="result"><p><strong>${escapeHtml(outcome ? (OUTCOME_TEXT[outcome] ?? outcome) : `HTTP ${String(answer.status)}`)}</strong></p>` +
        `<p class="muted">${escapeHtml(parsed.data.memo)} · ${vnd(parsed.data.amount)}</p>` +
        `<pre>${escapeHtml(JSON.stringify(answer.body, null, 2))}</pre></div>` +
        `<p><a class="back" href="/sandbox/bank">← Quay lại / Back</a></p>`,
    );
  });

  return app;
}
