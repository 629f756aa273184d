import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { PushMethod } from '@farmsense/shared';
import type { PushConfig } from '../../../config.js';

/**
 * Channels: what carries a message of a method to its provider. Each send names the message
 * (`key`, the same on every attempt) so a provider that saw it already can drop the repeat: the
 * outbox is at least once (a worker may die after the provider took the message and before its
 * commit), the key makes it once at the provider.
 */
export interface OutgoingMessage {
  /** `push-<message id>`: the idempotency key of every attempt. */
  key: string;
  method: PushMethod;
  to: string;
  toName: string | null;
  /** The number a call or SMS comes from (the phone configuration's first caller), if any. */
  from: string | null;
  subject: string;
  text: string;
  language: string;
  /** The one-time acknowledge link. */
  ackUrl: string;
  /** Where a provider posts the keypress of a call (`Digits` / `digits` = 1 acknowledges). */
  callbackUrl: string;
}

export interface Sent {
  channel: string;
  providerId: string | null;
}

export interface Channel {
  readonly name: string;
  send(m: OutgoingMessage, signal: AbortSignal): Promise<Sent>;
}

/** A send that did not go through; `code` is what the lists show (`http.503`, `network`, `smtp.550`). */
export class PushSendError extends Error {
  /** `permanent`: the provider refused the message itself (SMTP 5xx): retrying cannot help. */
  constructor(
    readonly code: string,
    readonly permanent = false,
  ) {
    super(`push send failed: ${code}`);
  }
}

/** No provider configured: the message stays in the local outbox (the push lists show it). */
export const outboxChannel: Channel = {
  name: 'outbox',
  send: async () => ({ channel: 'outbox', providerId: null }),
};

/** One request's time limit: a provider that hangs is a failed attempt, retried later. */
const REQUEST_MS = 15_000;

/** POST as JSON, or form-encoded when `form` (Twilio); 2xx is sent, anything else a coded failure. */
export async function postTo(
  url: string,
  payload: Record<string, string>,
  opts: { signal: AbortSignal; key: string; form?: boolean; auth?: string },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
        'idempotency-key': opts.key,
        ...(opts.auth ? { authorization: opts.auth } : {}),
      },
      body: opts.form ? new URLSearchParams(payload).toString() : JSON.stringify(payload),
      signal: AbortSignal.any([opts.signal, AbortSignal.timeout(REQUEST_MS)]),
    });
  } catch (err) {
    if (opts.signal.aborted) throw err;
    throw new PushSendError(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network');
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new PushSendError(`http.${res.status}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The generic webhook: one JSON POST per message to SMS_WEBHOOK_URL or VOICE_WEBHOOK_URL. */
export function webhookChannel(url: string): Channel {
  return {
    name: 'webhook',
    async send(m, signal) {
      const answer = await postTo(
        url,
        {
          id: m.key,
          method: m.method,
          to: m.to,
          from: m.from ?? '',
          text: m.text,
          language: m.language,
          ackUrl: m.ackUrl,
          ...(m.method === 'voice' ? { callbackUrl: m.callbackUrl } : {}),
        },
        { signal, key: m.key },
      );
      const id = answer && typeof answer === 'object' && 'id' in answer ? String((answer as { id: unknown }).id) : null;
      return { channel: 'webhook', providerId: id };
    },
  };
}

const SAY_LANGUAGE: Record<string, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US', vi: 'vi-VN', th: 'th-TH', ru: 'ru-RU' };
const xml = (s: string): string => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Twilio's REST API: an SMS is Messages.json, a call Calls.json whose TwiML says the text and
 * gathers one key, posted to the message's callback (the call's own token); form-encoded, basic
 * auth with the account SID and token. The number it comes from is the phone configuration's
 * first caller.
 */
export function twilioChannel(cfg: { accountSid: string; authToken: string; apiUrl: string }): Channel {
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  const base = `${cfg.apiUrl}/2010-04-01/Accounts/${cfg.accountSid}`;
  return {
    name: 'twilio',
    async send(m, signal) {
      if (!m.from) throw new PushSendError('noCaller', true);
      const lang = SAY_LANGUAGE[m.language] ?? 'en-US';
      const answer =
        m.method === 'voice'
          ? await postTo(
              `${base}/Calls.json`,
              {
                To: m.to,
                From: m.from,
                Twiml: `<Response><Gather numDigits="1" method="POST" action="${xml(m.callbackUrl)}"><Say language="${lang}">${xml(m.text)}</Say></Gather></Response>`,
              },
              { signal, key: m.key, form: true, auth },
            )
          : await postTo(`${base}/Messages.json`, { To: m.to, From: m.from, Body: m.text }, { signal, key: m.key, form: true, auth });
      const sid = answer && typeof answer === 'object' && 'sid' in answer ? String((answer as { sid: unknown }).sid) : null;
      return { channel: 'twilio', providerId: sid };
    },
  };
}

/** One SMTP transport (a connection pool of its own) per address, shared by the app's sends. */
const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    const u = new URL(url);
    t = nodemailer.createTransport({
      host: u.hostname,
      port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 587),
      secure: u.protocol === 'smtps:',
      ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
      connectionTimeout: REQUEST_MS,
      greetingTimeout: REQUEST_MS,
      socketTimeout: REQUEST_MS,
    });
    transports.set(url, t);
  }
  return t;
}

/** An SMTP error as a code: the server's reply (`smtp.550`, final when 5xx), or the connection's. */
function smtpError(err: unknown): PushSendError {
  const e = err as { responseCode?: unknown; code?: unknown };
  if (typeof e.responseCode === 'number') return new PushSendError(`smtp.${e.responseCode}`, e.responseCode >= 500);
  const code = typeof e.code === 'string' ? e.code : '';
  if (['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED'].includes(code)) return new PushSendError('network');
  return new PushSendError(code ? `smtp.${code.toLowerCase()}` : 'smtp.error');
}

/** The mail of a message as nodemailer builds it; the Message-ID is the message's key, the same on every attempt. */
function mailOf(m: OutgoingMessage, from: string) {
  return {
    from,
    to: m.toName ? { name: m.toName, address: m.to } : m.to,
    subject: m.subject,
    text: m.text,
    messageId: `<${m.key}@farmsense>`,
  };
}

/**
 * No SMTP, but MAIL_OUTBOX_DIR: the local outbox also writes each e-mail as it would have been
 * sent, `<key>.eml` (an attempt again rewrites the same file), so a demo's mails and their
 * acknowledge links can be opened (the browser tests read them there).
 */
export function mailFileChannel(dir: string, from: string): Channel {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox',
    async send(m) {
      const info = (await transport.sendMail(mailOf(m, from))) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${m.key}.eml`), info.message);
      return { channel: 'outbox', providerId: null };
    },
  };
}

/** E-mail through nodemailer to SMTP_URL. */
export function emailChannel(url: string, from: string): Channel {
  return {
    name: 'smtp',
    async send(m) {
      try {
        const info = (await transportFor(url).sendMail(mailOf(m, from))) as { messageId?: string };
        return { channel: 'smtp', providerId: info.messageId ?? null };
      } catch (err) {
        throw smtpError(err);
      }
    },
  };
}

/** The channel of a method under this configuration (the outbox when none is set). */
export function channelFor(config: PushConfig, method: PushMethod): Channel {
  if (method === 'email' && config.smtpUrl) return emailChannel(config.smtpUrl, config.smtpFrom);
  if (method === 'email' && config.mailOutboxDir) return mailFileChannel(config.mailOutboxDir, config.smtpFrom);
  if (method === 'sms' && config.smsWebhookUrl) return webhookChannel(config.smsWebhookUrl);
  if (method === 'voice' && config.voiceWebhookUrl) return webhookChannel(config.voiceWebhookUrl);
  if (method !== 'email' && config.twilio) return twilioChannel(config.twilio);
  return outboxChannel;
}
