import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// An empty value (VAR= in an env file) counts as unset.
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z
  .object({
    GATEWAY_HOST: z.string().default('127.0.0.1'),
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** Connections per gateway process to a PostgreSQL server (docs/operations.md sizes it). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** The folder of this machine's own data: the embedded database (DATA_DIR/pglite) and, for `npm start`, the generated secrets. */
    DATA_DIR: z.string().default('./data'),
    /** The embedded database's folder when it must live elsewhere than DATA_DIR/pglite (the tests' databases). */
    PGLITE_DIR: optional(z.string()),
    MIGRATIONS_DIR: z.string().default('./gateway/db/migrations'),
    /** The guided-workout content files (ADR 041), copied into the database at start when they changed. */
    WORKOUT_CONTENT_DIR: z.string().default('./gateway/modules/workouts/content'),
    SANDBOX: flag.default(true),
    // InBody sheet reading (issue 14, ADR 042): OCR engines, each in a child process (ADR 089; 0: one
    // fewer than the cores, at least one), photos allowed to wait for one (429 beyond), and the time a
    // photo may take once started.
    INBODY_OCR_WORKERS: z.coerce.number().int().min(0).max(16).default(0),
    INBODY_OCR_QUEUE: z.coerce.number().int().min(0).max(100).default(4),
    INBODY_OCR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** How many times the warm-up asks its reads before /readyz says ready (ADR 068, 088; 0: ready at once). */
    WARM_UP_ROUNDS: z.coerce.number().int().min(0).max(1000).default(40),
    SMS_PROVIDER: z.enum(['sandbox', 'esms']).default('sandbox'),
    ESMS_API_KEY: z.string().optional(),
    ESMS_SECRET_KEY: z.string().optional(),
    ESMS_BRANDNAME: z.string().optional(),
    ESMS_BASE_URL: z.url().default('https://rest.esms.vn'),
    PUSH_PROVIDER: z.enum(['sandbox', 'webpush']).default('sandbox'),
    // base64url: an uncompressed P-256 point (65 bytes) and a 32-byte private scalar.
    VAPID_PUBLIC_KEY: optional(
      z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)'),
    ),
    VAPID_PRIVATE_KEY: optional(
      z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)'),
    ),
    VAPID_SUBJECT: optional(
      z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: contact'),
    ),
    /** SIGTERM: how long in-flight requests and the job run in progress get before the process exits anyway (ADR 053). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** SIGTERM: how long /readyz answers 503 while requests are still taken, so the load balancer's checks see it first (0: close at once). */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The web server (our BFF) forwards the member's address in this header. It is believed only
    // with GATEWAY_INTERNAL_SECRET in x-internal-secret; otherwise the socket's address counts.
    CLIENT_IP_HEADER: z.string().default('x-client-ip'),
    GATEWAY_INTERNAL_SECRET: optional(z.string().min(32, 'must be 32+ characters (e.g. openssl rand -hex 32)')),
    // VNPAY 2.1.0 (card payments). The defaults point at the sandbox pay page inside this gateway.
    VNPAY_TMN_CODE: z
      .string()
      .regex(/^[A-Z0-9]{8}$/, 'must be the 8-character terminal code')
      .default('VFSANDBX'),
    VNPAY_HASH_SECRET: optional(z.string().min(16, 'must be the merchant hash secret (16+ characters)')),
    VNPAY_PAY_URL: optional(z.url()),
    /** Where VNPAY sends the member's browser back: the web app's return page. */
    VNPAY_RETURN_URL: z.url().default('http://localhost:3000/membership/payment/vnpay-return'),
    /** Where VNPAY sends the browser back after adding a card (token_create): the web app's page. */
    VNPAY_CARD_RETURN_URL: z.url().default('http://localhost:3000/account/information/payment-method/vnpay-return'),
    /** The saved-card pages (token_ui/); by default beside VNPAY_PAY_URL (…/paymentv2/vpcpay.html → …/token_ui/). */
    VNPAY_TOKEN_URL: optional(z.url()),
    /** Where the sandbox pay page sends its IPN (server to server); default this gateway's own IPN endpoint. */
    VNPAY_SANDBOX_IPN_URL: optional(z.url()),
    // Bank transfers: the webhook secret (Casso v2 HMAC key or SePay API key) and the memo prefix.
    BANK_WEBHOOK_SECRET: optional(z.string().min(16, 'must be 16+ characters')),
    /** Where the sandbox "simulate transfer" posts its signed Casso webhook (default: this gateway's own). */
    BANK_SANDBOX_WEBHOOK_URL: optional(z.url()),
    // Monthly subscriptions (ADR 038): who charges renewals without the member. 'none': every
    // renewal is a pay link (token_pay with the bank's OTP). Default: the sandbox in the sandbox, else none.
    RECURRING_PROVIDER: optional(z.enum(['sandbox', 'vnpay', 'none'])),
    /** VNPAY's recurring JSON API (with RECURRING_PROVIDER=vnpay). */
    VNPAY_RECURRING_URL: optional(z.url()),
    // ID verification (ADR 040): FPT.AI's reader, or the local sandbox reader. Default: the sandbox in the sandbox, else fpt.
    ID_RECOGNITION_PROVIDER: optional(z.enum(['sandbox', 'fpt'])),
    FPT_AI_API_KEY: optional(z.string().min(16, 'must be the FPT.AI api-key')),
    FPT_AI_URL: z.url().default('https://api.fpt.ai'),
    // The chain's seal on signed e-contracts (ADR 047): a PKCS#12 (base64) and its passphrase. In
    // the sandbox, a self-signed one is made once and kept in the database.
    E_SEAL_P12_BASE64: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9+/=\s]+$/, 'must be base64')
        .min(100),
    ),
    E_SEAL_PASSPHRASE: optional(z.string()),
  })
  // One setting moves the embedded database with the rest of the data (issue 37 item 20).
  .transform(({ PGLITE_DIR, ...config }) => ({
    ...config,
    PGLITE_DIR: PGLITE_DIR ?? `${config.DATA_DIR.replace(/\/+$/, '')}/pglite`,
  }));

type Env = Record<string, string | undefined>;

/** Rules between variables, read from the raw strings so they are reported even when another variable is malformed. */
function crossVariableIssues(env: Env) {
  const issues: { path: string; message: string }[] = [];
  const provider = env.SMS_PROVIDER ?? 'sandbox';
  if (provider === 'esms') {
    for (const key of ['ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME']) {
      if (!env[key]) issues.push({ path: key, message: 'required when SMS_PROVIDER=esms' });
    }
  }
  const sandbox = env.SANDBOX === undefined || env.SANDBOX === 'true' || env.SANDBOX === '1';
  if (provider === 'sandbox' && !sandbox) {
    issues.push({ path: 'SMS_PROVIDER', message: 'the sandbox SMS provider needs SANDBOX=true' });
  }
  if ((env.PUSH_PROVIDER ?? 'sandbox') === 'sandbox' && !sandbox) {
    issues.push({ path: 'PUSH_PROVIDER', message: 'the sandbox push provider needs SANDBOX=true' });
  }
  // Outside the sandbox the keys must be configured: generated ones would change per database.
  const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];
  for (const key of sandbox ? [] : [...vapid, 'VAPID_SUBJECT']) {
    if (!env[key]) issues.push({ path: key, message: 'required when SANDBOX=false' });
  }
  for (const key of sandbox
    ? []
    : [
        'VNPAY_HASH_SECRET',
        'VNPAY_PAY_URL',
        'BANK_WEBHOOK_SECRET',
        'GATEWAY_INTERNAL_SECRET',
        'E_SEAL_P12_BASE64',
        'E_SEAL_PASSPHRASE',
      ]) {
    if (!env[key]) issues.push({ path: key, message: 'required when SANDBOX=false' });
  }
  if (env.RECURRING_PROVIDER === 'sandbox' && !sandbox)
    issues.push({ path: 'RECURRING_PROVIDER', message: 'the sandbox recurring provider needs SANDBOX=true' });
  if (env.RECURRING_PROVIDER === 'vnpay' && !env.VNPAY_RECURRING_URL)
    issues.push({ path: 'VNPAY_RECURRING_URL', message: 'required when RECURRING_PROVIDER=vnpay' });
  const idProvider = env.ID_RECOGNITION_PROVIDER ?? (sandbox ? 'sandbox' : 'fpt');
  if (idProvider === 'sandbox' && !sandbox)
    issues.push({ path: 'ID_RECOGNITION_PROVIDER', message: 'the sandbox ID reader needs SANDBOX=true' });
  if (idProvider === 'fpt' && !env.FPT_AI_API_KEY)
    issues.push({ path: 'FPT_AI_API_KEY', message: 'required when ID_RECOGNITION_PROVIDER=fpt' });
  if (sandbox && vapid.filter((key) => env[key]).length === 1) {
    for (const key of vapid.filter((k) => !env[k]))
      issues.push({ path: key, message: 'set both VAPID keys or neither' });
  }
  return issues;
}

export type GatewayConfig = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the process with a message per variable. */
export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  const issues = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(env)', message: i.message }))),
    ...crossVariableIssues(env),
  ];
  if (parsed.success && issues.length === 0) return parsed.data;
  const lines = issues.map((i) => `  ${i.path}: ${i.message}`);
  throw new ConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
}
