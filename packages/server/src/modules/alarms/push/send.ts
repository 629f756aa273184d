import { eq } from 'drizzle-orm';
import { byPriority } from '@farmsense/shared';
import type { Tx } from '../../../db/client.js';
import { defineJob, type JobDeps } from '../../../jobs/define.js';
import { channelFor, PushSendError } from './channels.js';
import { ACK_LINK } from './message.js';
import { ackToken, ackUrl, pushSecret, voiceCallbackUrl } from './tokens.js';
import { pushMessages, pushPhoneConfigs } from './tables.js';

/**
 * One attempt to hand a message to its channel (`alarms.push-send`, key
 * `push-send-<message>-<attempt>`). The attempt's outcome is written to the message in the job's
 * transaction: success, or the error code with the next attempt enqueued PUSH_RETRY_MINUTES on,
 * or `failure` after PUSH_MAX_ATTEMPTS. The job itself then completes: the outbox row, not the
 * job row, is the record staff read. An attempt cut short (the server stops or dies mid-send)
 * rolls back and runs again with the same idempotency key, so the provider sees one message.
 */
export const sendJob = defineJob<{ messageId: number; attempt: number }>(
  'alarms.push-send',
  async ({ messageId, attempt }, { tx, deps, signal }) => sendAttempt(tx, deps, messageId, attempt, signal),
  { attempts: 5, backoff: { baseMs: 60_000 }, timeoutMs: 40_000 },
);

async function sendAttempt(tx: Tx, deps: JobDeps, messageId: number, attempt: number, signal: AbortSignal): Promise<void> {
  const config = deps.config.push;
  const [m] = await tx.select().from(pushMessages).where(eq(pushMessages.id, messageId)).for('update');
  // Sent, given up, or this attempt already recorded (a duplicate of a finished attempt).
  if (!m || m.status !== 'pushing' || m.attempts >= attempt) return;
  const channel = channelFor(config, m.method);
  const [phone] =
    m.method === 'email'
      ? []
      : await tx.select({ callers: pushPhoneConfigs.callers }).from(pushPhoneConfigs).where(eq(pushPhoneConfigs.farmId, m.farmId));
  const token = ackToken(await pushSecret(tx), m.id);
  const link = ackUrl(config.publicUrl, token);
  const now = new Date();
  try {
    const sent = await channel.send(
      {
        key: `push-${m.id}`,
        method: m.method,
        to: m.recipient,
        toName: m.recipientName,
        from: phone ? (byPriority(phone.callers)[0]?.number ?? null) : null,
        subject: m.subject,
        text: m.body.replaceAll(ACK_LINK, link),
        language: m.language,
        ackUrl: link,
        callbackUrl: voiceCallbackUrl(config.publicUrl, token),
      },
      signal,
    );
    await tx
      .update(pushMessages)
      .set({
        status: 'success',
        channel: sent.channel,
        providerId: sent.providerId,
        attempts: attempt,
        lastError: null,
        sentAt: now,
        nextAttemptAt: null,
        updatedAt: now,
      })
      .where(eq(pushMessages.id, m.id));
  } catch (err) {
    // Anything but a provider's refusal (a stop, a bug) is the job's to retry: nothing is recorded.
    if (!(err instanceof PushSendError)) throw err;
    const final = err.permanent || attempt >= config.maxAttempts;
    const next = new Date(now.getTime() + config.retryMinutes * 60_000);
    await tx
      .update(pushMessages)
      .set({
        status: final ? 'failure' : 'pushing',
        channel: channel.name,
        attempts: attempt,
        lastError: err.code,
        nextAttemptAt: final ? null : next,
        updatedAt: now,
      })
      .where(eq(pushMessages.id, m.id));
    if (!final)
      await deps.jobs.enqueue(
        sendJob,
        { messageId: m.id, attempt: attempt + 1 },
        { tx, key: `push-send-${m.id}-${attempt + 1}`, runAt: next },
      );
  }
}
