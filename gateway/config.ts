import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    GATEWAY_HOST: z.string().default('127.0.0.1'),
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PGLITE_DIR: z.string().default('./data/pglite'),
    MIGRATIONS_DIR: z.string().default('./gateway/db/migrations'),
    SANDBOX: flag.default(true),
    SMS_PROVIDER: z.enum(['sandbox', 'esms']).default('sandbox'),
    ESMS_API_KEY: z.string().optional(),
    ESMS_SECRET_KEY: z.string().optional(),
    ESMS_BRANDNAME: z.string().optional(),
    ESMS_BASE_URL: z.url().default('https://rest.esms.vn'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The web server (our BFF) forwards the member's address in this header; the gateway
    // listens on loopback by default, so only the BFF can set it.
    CLIENT_IP_HEADER: z.string().default('x-client-ip'),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'esms') {
      for (const key of ['ESMS_API_KEY', 'ESMS_SECRET_KEY', 'ESMS_BRANDNAME'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=esms' });
      }
    }
    if (env.SMS_PROVIDER === 'sandbox' && !env.SANDBOX) {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'the sandbox SMS provider needs SANDBOX=true' });
    }
  });

export type GatewayConfig = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the process with a message per variable. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
}
