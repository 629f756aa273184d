import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, shownValue } from './config.js';

describe('push configuration variables', () => {
  it('defaults: retry every 4 minutes (SPEC §9), 10 attempts, links on http://localhost:PORT, no providers', () => {
    expect(loadConfig({}).push).toEqual({
      retryMinutes: 4,
      maxAttempts: 10,
      publicUrl: 'http://localhost:8080',
      smtpFrom: 'FarmSense <alarms@farmsense.local>',
    });
    expect(loadConfig({ PORT: '9000' }).push.publicUrl).toBe('http://localhost:9000');
  });

  it('reads the variables, the public address without its trailing slash', () => {
    const push = loadConfig({
      PUSH_RETRY_MINUTES: '2',
      PUSH_MAX_ATTEMPTS: '5',
      PUBLIC_URL: 'https://farm.example.com/',
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
      VOICE_WEBHOOK_URL: 'https://voice.example.com/call',
      SMTP_URL: 'smtp://alarms:s%40cret@mail.example.com:2525',
      SMTP_FROM: 'Farm <farm@example.com>',
    }).push;
    expect(push).toEqual({
      retryMinutes: 2,
      maxAttempts: 5,
      publicUrl: 'https://farm.example.com',
      smsWebhookUrl: 'http://127.0.0.1:9/sms',
      voiceWebhookUrl: 'https://voice.example.com/call',
      smtpUrl: 'smtp://alarms:s%40cret@mail.example.com:2525',
      smtpFrom: 'Farm <farm@example.com>',
    });
  });

  it('stops on a malformed value with one line naming the variable', () => {
    for (const [name, value] of [
      ['PUSH_RETRY_MINUTES', '0'],
      ['PUSH_RETRY_MINUTES', 'soon'],
      ['PUSH_MAX_ATTEMPTS', '1.5'],
      ['PUBLIC_URL', 'farm.example.com'],
      ['SMS_WEBHOOK_URL', 'ftp://x'],
      ['VOICE_WEBHOOK_URL', 'http://'],
      ['SMTP_URL', 'mail.example.com'],
      ['SMTP_URL', 'smtp://'],
      ['TWILIO_ACCOUNT_SID', 'SK123'],
      ['TWILIO_API_URL', 'api.twilio.com'],
    ]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
    }
  });

  it('takes Twilio with both its account SID and token, never one alone', () => {
    const sid = `AC${'0'.repeat(32)}`;
    const token = 'f'.repeat(32);
    expect(loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token }).push.twilio).toEqual({
      accountSid: sid,
      authToken: token,
      apiUrl: 'https://api.twilio.com',
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(/^Invalid configuration: TWILIO_AUTH_TOKEN is needed/);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: token })).toThrow(/^Invalid configuration: TWILIO_ACCOUNT_SID is needed/);
  });

  it('never shows a secret in the start-up error line', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mailer:s3cret@' })).toThrow(/^Invalid configuration: SMTP_URL="smtp:\/\/mailer:\*\*\*@"/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mailer:s3cret@' })).not.toThrow(/s3cret/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:hunter2@db/x' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'tok-123', TWILIO_ACCOUNT_SID: 'AC1' })).not.toThrow(/tok-123/);
    expect(shownValue('TWILIO_AUTH_TOKEN', 'abc')).toBe('"(hidden)"');
    expect(shownValue('MQTT_URL', 'mqtt://farm:pw@broker:1883')).toBe('"mqtt://farm:***@broker:1883"');
    expect(shownValue('PORT', 'eighty')).toBe('"eighty"');
  });
});
