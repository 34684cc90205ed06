import { expect, test } from 'vitest';
import { ConfigError, loadGatewayConfig } from './config.ts';

/** The ConfigError a bad environment throws (fails the test if it does not throw one). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadGatewayConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

const esms = { SMS_PROVIDER: 'esms', ESMS_API_KEY: 'k', ESMS_SECRET_KEY: 's', ESMS_BRANDNAME: 'GYMCLUB' };
// A key pair of the right shape (the values are never used to sign here).
const vapid = {
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'k'.repeat(43),
  VAPID_SUBJECT: 'mailto:ops@vietfit.example',
};
const payments = {
  VNPAY_HASH_SECRET: 'test-hash-secret-0123456789',
  VNPAY_PAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  BANK_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
  GATEWAY_INTERNAL_SECRET: 'test-internal-secret-0123456789abcdef',
  FPT_AI_API_KEY: 'test-fpt-api-key-0123456789',
  E_SEAL_P12_BASE64: 'A'.repeat(120),
  E_SEAL_PASSPHRASE: 'test-seal-passphrase',
};
const production = { SANDBOX: 'false', ...esms, PUSH_PROVIDER: 'webpush', ...vapid, ...payments };

test('an empty environment gives the documented defaults: loopback, port 4000, embedded database, sandbox on', () => {
  expect(loadGatewayConfig({})).toEqual({
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: 4000,
    DATABASE_POOL_SIZE: 10,
    DATA_DIR: './data',
    PGLITE_DIR: './data/pglite',
    MIGRATIONS_DIR: './gateway/db/migrations',
    SANDBOX: true,
    SMS_PROVIDER: 'sandbox',
    PUSH_PROVIDER: 'sandbox',
    ESMS_BASE_URL: 'https://rest.esms.vn',
    SHUTDOWN_TIMEOUT_MS: 10_000,
    SHUTDOWN_DELAY_MS: 0,
    LOG_LEVEL: 'info',
    CLIENT_IP_HEADER: 'x-client-ip',
    VNPAY_TMN_CODE: 'VFSANDBX',
    VNPAY_RETURN_URL: 'http://localhost:3000/membership/payment/vnpay-return',
    VNPAY_CARD_RETURN_URL: 'http://localhost:3000/account/information/payment-method/vnpay-return',
    FPT_AI_URL: 'https://api.fpt.ai',
    WORKOUT_CONTENT_DIR: './gateway/modules/workouts/content',
    INBODY_OCR_WORKERS: 0,
    INBODY_OCR_QUEUE: 4,
    INBODY_OCR_TIMEOUT_MS: 20_000,
    WARM_UP_ROUNDS: 40,
  });
});

test('DATA_DIR moves the embedded database with it; an explicit PGLITE_DIR still wins', () => {
  expect(loadGatewayConfig({ DATA_DIR: '/srv/vietfit-2' }).PGLITE_DIR).toBe('/srv/vietfit-2/pglite');
  expect(loadGatewayConfig({ DATA_DIR: './data-b/' }).PGLITE_DIR).toBe('./data-b/pglite');
  expect(loadGatewayConfig({ DATA_DIR: '/srv/vietfit-2', PGLITE_DIR: '/tmp/db' }).PGLITE_DIR).toBe('/tmp/db');
  expect(loadGatewayConfig({ DATA_DIR: '/srv/vietfit-2', PGLITE_DIR: '' }).PGLITE_DIR).toBe('/srv/vietfit-2/pglite');
});

test('the FPT.AI ID reader needs its key; the sandbox reader needs the sandbox (ADR 040)', () => {
  expect(configError({ ...production, FPT_AI_API_KEY: '' }).message).toMatch(
    /FPT_AI_API_KEY: required when ID_RECOGNITION_PROVIDER=fpt/,
  );
  expect(configError({ ...production, ID_RECOGNITION_PROVIDER: 'sandbox' }).message).toMatch(
    /ID_RECOGNITION_PROVIDER: the sandbox ID reader needs SANDBOX=true/,
  );
  expect(
    loadGatewayConfig({ ID_RECOGNITION_PROVIDER: 'fpt', FPT_AI_API_KEY: 'k'.repeat(20) }).ID_RECOGNITION_PROVIDER,
  ).toBe('fpt');
});

test('the environment passed in is what is read, not process.env', () => {
  const before = process.env.GATEWAY_PORT;
  process.env.GATEWAY_PORT = 'not-a-port';
  try {
    expect(loadGatewayConfig({ GATEWAY_PORT: '4100' }).GATEWAY_PORT).toBe(4100);
  } finally {
    if (before === undefined) delete process.env.GATEWAY_PORT;
    else process.env.GATEWAY_PORT = before;
  }
});

test.each([
  [{ GATEWAY_PORT: '1' }, 'GATEWAY_PORT', 1],
  [{ GATEWAY_PORT: '65535' }, 'GATEWAY_PORT', 65535],
  [{ GATEWAY_HOST: '0.0.0.0' }, 'GATEWAY_HOST', '0.0.0.0'],
  [{ DATABASE_URL: 'postgres://gym:pw@db:5432/gym' }, 'DATABASE_URL', 'postgres://gym:pw@db:5432/gym'],
  [{ DATABASE_URL: 'postgresql://localhost/gym' }, 'DATABASE_URL', 'postgresql://localhost/gym'],
  [production, 'SANDBOX', false],
  [{ ...production, SANDBOX: '0' }, 'SANDBOX', false],
  [production, 'PUSH_PROVIDER', 'webpush'],
  [{ PUSH_PROVIDER: 'webpush' }, 'PUSH_PROVIDER', 'webpush'],
  [production, 'VAPID_SUBJECT', 'mailto:ops@vietfit.example'],
  [{ SANDBOX: '1' }, 'SANDBOX', true],
  [{ SANDBOX: 'true' }, 'SANDBOX', true],
  [{ LOG_LEVEL: 'silent' }, 'LOG_LEVEL', 'silent'],
  [{ CLIENT_IP_HEADER: 'x-forwarded-for' }, 'CLIENT_IP_HEADER', 'x-forwarded-for'],
  [esms, 'SMS_PROVIDER', 'esms'],
] as const)('%j is read as %s = %j', (env, key, value) => {
  expect(loadGatewayConfig(env)[key]).toEqual(value);
});

test.each([['0'], ['65536'], ['-1'], ['abc'], ['80.5'], ['4000abc'], ['']])(
  'GATEWAY_PORT %j is refused with a message naming GATEWAY_PORT',
  (port) => {
    const error = configError({ GATEWAY_PORT: port });
    expect(error.message).toMatch(/^\s+GATEWAY_PORT: /m);
    expect(error.message.split('\n').filter((line) => /^\s+\w/.test(line))).toHaveLength(1);
  },
);

test.each([['mysql://gym:pw@db/gym'], ['localhost:5432/gym'], ['gym'], ['http://db:5432/gym']])(
  'DATABASE_URL %j is refused with a message naming DATABASE_URL',
  (url) => {
    const error = configError({ DATABASE_URL: url });
    expect(error.message).toMatch(/^\s+DATABASE_URL: .*postgres/m);
  },
);

test('a refused DATABASE_URL is not echoed into the message (it may hold a password)', () => {
  const error = configError({ DATABASE_URL: 'mysql://gym:S3cr3t-Pa55@db/gym' });
  expect(error.message).not.toContain('S3cr3t-Pa55');
});

test('esms without its keys names each missing variable', () => {
  const error = configError({ SMS_PROVIDER: 'esms' });
  for (const key of ['ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME']) {
    expect(error.message).toMatch(new RegExp(`^\\s+${key}: .*SMS_PROVIDER=esms`, 'm'));
  }
});

test.each([['ESMS_API_KEY'], ['ESMS_SECRET_KEY'], ['ESMS_BRANDNAME']])(
  'esms with an empty %s names only that variable',
  (key) => {
    const error = configError({ ...esms, [key]: '' });
    const named = ['ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME'].filter((k) => error.message.includes(k));
    expect(named).toEqual([key]);
  },
);

test('esms keys are not echoed into the message', () => {
  const error = configError({
    ...esms,
    ESMS_SECRET_KEY: '',
    ESMS_API_KEY: 'live-key-7F3A9C',
    ESMS_BASE_URL: 'not a url',
  });
  expect(error.message).not.toContain('live-key-7F3A9C');
  expect(error.message).toMatch(/^\s+ESMS_BASE_URL: /m);
});

test('the sandbox SMS provider with SANDBOX=false is refused, naming SMS_PROVIDER', () => {
  const error = configError({ SANDBOX: 'false' });
  expect(error.message).toMatch(/^\s+SMS_PROVIDER: .*SANDBOX=true/m);
});

test.each([
  [{ SANDBOX: 'yes' }, 'SANDBOX'],
  [{ SANDBOX: 'TRUE' }, 'SANDBOX'],
  [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER'],
  [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
  [{ ESMS_BASE_URL: 'rest.esms.vn' }, 'ESMS_BASE_URL'],
] as const)('%j is refused, naming %s', (env, key) => {
  expect(configError(env).message).toMatch(new RegExp(`^\\s+${key}: `, 'm'));
});

test('several bad variables are all reported at once, one line each', () => {
  const error = configError({ GATEWAY_PORT: '99999', DATABASE_URL: 'mysql://x', SANDBOX: 'maybe', LOG_LEVEL: 'loud' });
  expect(error.message).toMatch(/^Invalid gateway configuration/);
  for (const key of ['GATEWAY_PORT', 'DATABASE_URL', 'SANDBOX', 'LOG_LEVEL']) {
    expect(error.message).toMatch(new RegExp(`^\\s+${key}: `, 'm'));
  }
});

test('missing esms keys are reported together with another bad variable, not only after it is fixed', () => {
  // A port out of range does not hide them …
  const withPort = configError({ GATEWAY_PORT: '99999', SMS_PROVIDER: 'esms' });
  expect(withPort.message).toMatch(/^\s+ESMS_API_KEY: /m);
  // … and neither may a value of the wrong kind (an unknown log level, a port that is no number).
  const error = configError({ LOG_LEVEL: 'verbose', GATEWAY_PORT: 'abc', SMS_PROVIDER: 'esms' });
  for (const key of ['LOG_LEVEL', 'GATEWAY_PORT', 'ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME']) {
    expect(error.message).toMatch(new RegExp(`^\\s+${key}: `, 'm'));
  }
});

test('ConfigError is an Error the start script can tell apart', () => {
  const error = configError({ GATEWAY_PORT: 'x' });
  expect(error).toBeInstanceOf(Error);
  expect(error.message.length).toBeGreaterThan(0);
});

test('SANDBOX=false needs the real push provider and every VAPID variable, each named', () => {
  const error = configError({ SANDBOX: 'false', ...esms });
  expect(error.message).toMatch(/^\s+PUSH_PROVIDER: .*SANDBOX=true/m);
  for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']) {
    expect(error.message).toMatch(new RegExp(`^\\s+${key}: .*SANDBOX=false`, 'm'));
  }
  const oneMissing = configError({ ...production, VAPID_SUBJECT: '' });
  expect(oneMissing.message.match(/^\s+\w+:/gm)).toEqual(['  VAPID_SUBJECT:']);
});

test('in the sandbox, the VAPID keys come both or neither (neither: a pair is made and kept)', () => {
  expect(loadGatewayConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
  expect(
    loadGatewayConfig({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY })
      .VAPID_PRIVATE_KEY,
  ).toBe(vapid.VAPID_PRIVATE_KEY);
  expect(configError({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY }).message).toMatch(/^\s+VAPID_PRIVATE_KEY: .*both/m);
  expect(configError({ VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY }).message).toMatch(/^\s+VAPID_PUBLIC_KEY: .*both/m);
});

test.each([
  [{ VAPID_PUBLIC_KEY: 'too-short', VAPID_PRIVATE_KEY: 'k'.repeat(43) }, 'VAPID_PUBLIC_KEY'],
  [{ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'has spaces in it' }, 'VAPID_PRIVATE_KEY'],
  [{ VAPID_SUBJECT: 'ops@vietfit.example' }, 'VAPID_SUBJECT'],
  [{ VAPID_SUBJECT: 'http://vietfit.example' }, 'VAPID_SUBJECT'],
  [{ PUSH_PROVIDER: 'fcm' }, 'PUSH_PROVIDER'],
] as const)('%j is refused, naming %s', (env, key) => {
  expect(configError(env).message).toMatch(new RegExp(`^\\s+${key}: `, 'm'));
});

test('a refused VAPID private key is not echoed into the message', () => {
  const error = configError({
    VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: 'secret-but-malformed-7F3A9C',
  });
  expect(error.message).not.toContain('secret-but-malformed-7F3A9C');
});

test('SANDBOX=false needs the VNPAY secret and pay URL and the bank webhook secret, each named', () => {
  const { VNPAY_HASH_SECRET: _s, VNPAY_PAY_URL: _u, BANK_WEBHOOK_SECRET: _b, ...rest } = production;
  const error = configError(rest);
  for (const key of ['VNPAY_HASH_SECRET', 'VNPAY_PAY_URL', 'BANK_WEBHOOK_SECRET']) {
    expect(error.message).toMatch(new RegExp(`^\\s+${key}: .*SANDBOX=false`, 'm'));
  }
});

// Issue 9 "Client IP spoofing": outside the sandbox the gateway must know the web server by a secret.
test('SANDBOX=false needs GATEWAY_INTERNAL_SECRET (32+ characters)', () => {
  expect(configError({ ...production, GATEWAY_INTERNAL_SECRET: '' }).message).toMatch(
    /^\s+GATEWAY_INTERNAL_SECRET: .*SANDBOX=false/m,
  );
  expect(configError({ GATEWAY_INTERNAL_SECRET: 'short' }).message).toMatch(/^\s+GATEWAY_INTERNAL_SECRET: .*32\+/m);
});
