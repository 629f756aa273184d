import { z } from 'zod';

/** CONTRACT §2: the environment, validated once at start-up. */
const flag = z.enum(['0', '1', 'true', 'false', 'on', 'off']).transform((v) => v === '1' || v === 'true' || v === 'on');

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// address')
  .refine((v) => URL.canParse(v), 'must be an http:// or https:// address');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// or postgresql://')
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\/.+/, 'must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  DEMO: flag.optional(),
  SIMULATOR: flag.optional(),
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  /** Browser tests only: every captcha's answer is this code. */
  CAPTCHA_TEST_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{4,8}$/, 'must be 4 to 8 letters or digits')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  /** Days of raw telemetry history to keep (whole months are dropped); 0 = keep forever. Rollups stay. */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(0),
  /** Alarm push (issue 13): a failed send is retried this often (SPEC §9: 4 minutes), up to PUSH_MAX_ATTEMPTS. */
  PUSH_RETRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(4),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Where people open the console: the base of the acknowledge links in messages (default http://localhost:PORT). */
  PUBLIC_URL: httpUrl.optional(),
  /** Alarm e-mail: smtp://user:password@host:port (smtps:// for TLS from the start); unset keeps them in the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://')
    .refine((v) => URL.canParse(v) && new URL(v).hostname !== '', 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).max(200).default('FarmSense <alarms@farmsense.local>'),
  /** Without SMTP_URL: a folder where the local outbox also writes each e-mail as sent (`push-<id>.eml`, link included). */
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  /** SMS and voice by a generic webhook: a JSON POST per message or call. */
  SMS_WEBHOOK_URL: httpUrl.optional(),
  VOICE_WEBHOOK_URL: httpUrl.optional(),
  /** SMS and voice through Twilio's REST API (when no webhook is set for the method). */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be 32 hexadecimal digits')
    .optional(),
  TWILIO_API_URL: httpUrl.default('https://api.twilio.com'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mqttUrl?: string;
  mqttPort: number;
  demo: boolean;
  simulator: boolean;
  captcha: boolean;
  /** When set, every captcha's answer is this code (browser tests); main.ts warns about it. */
  captchaTestCode?: string;
  logLevel: string;
  trustProxy: boolean;
  /** 0 = keep raw telemetry forever. */
  telemetryRetentionDays: number;
  push: PushConfig;
}

export interface PushConfig {
  retryMinutes: number;
  maxAttempts: number;
  /** No trailing slash. */
  publicUrl: string;
  smtpUrl?: string;
  smtpFrom: string;
  /** Without SMTP: the outbox's e-mails as .eml files (demos, browser tests). */
  mailOutboxDir?: string;
  smsWebhookUrl?: string;
  voiceWebhookUrl?: string;
  /** Both or neither (start-up refuses one without the other). */
  twilio?: { accountSid: string; authToken: string; apiUrl: string };
}

export class ConfigError extends Error {}

/**
 * A value as the start-up error line may show it: secrets never reach a log. Variables named as
 * tokens, secrets or passwords are hidden whole; in a URL the password is masked.
 */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'undefined';
  if (/TOKEN|SECRET|PASSWORD|KEY/.test(name)) return '"(hidden)"';
  const masked = value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/i, '$1:***@');
  return JSON.stringify(masked);
}

/** Reads the environment; throws ConfigError with one line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(Object.keys(schema.shape).flatMap((k) => (env[k] !== undefined && env[k] !== '' ? [[k, env[k]]] : [])));
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name}=${shownValue(name, env[name])}: ${issue.message}`);
  }
  const c = parsed.data;
  if (!c.TWILIO_ACCOUNT_SID !== !c.TWILIO_AUTH_TOKEN) {
    const name = c.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID';
    throw new ConfigError(
      `Invalid configuration: ${name} is needed with ${c.TWILIO_ACCOUNT_SID ? 'TWILIO_ACCOUNT_SID' : 'TWILIO_AUTH_TOKEN'}`,
    );
  }
  const demo = c.DEMO ?? !c.DATABASE_URL;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    ...(c.DATABASE_URL ? { databaseUrl: c.DATABASE_URL } : {}),
    ...(c.MQTT_URL ? { mqttUrl: c.MQTT_URL } : {}),
    mqttPort: c.MQTT_PORT,
    demo,
    simulator: c.SIMULATOR ?? demo,
    captcha: c.CAPTCHA === 'on',
    ...(c.CAPTCHA_TEST_CODE ? { captchaTestCode: c.CAPTCHA_TEST_CODE } : {}),
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    telemetryRetentionDays: c.TELEMETRY_RETENTION_DAYS,
    push: {
      retryMinutes: c.PUSH_RETRY_MINUTES,
      maxAttempts: c.PUSH_MAX_ATTEMPTS,
      publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
      ...(c.SMTP_URL ? { smtpUrl: c.SMTP_URL } : {}),
      smtpFrom: c.SMTP_FROM,
      ...(c.MAIL_OUTBOX_DIR ? { mailOutboxDir: c.MAIL_OUTBOX_DIR } : {}),
      ...(c.SMS_WEBHOOK_URL ? { smsWebhookUrl: c.SMS_WEBHOOK_URL } : {}),
      ...(c.VOICE_WEBHOOK_URL ? { voiceWebhookUrl: c.VOICE_WEBHOOK_URL } : {}),
      ...(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN
        ? { twilio: { accountSid: c.TWILIO_ACCOUNT_SID, authToken: c.TWILIO_AUTH_TOKEN, apiUrl: c.TWILIO_API_URL.replace(/\/+$/, '') } }
        : {}),
    },
  };
}
