import { feedAlarmText, isFeedAlarmKind, type Locale, type PushMethod, wallDate } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { alarms } from '../tables.js';

/**
 * The text of a notification, in the strategy's language from the shared catalogue
 * (alarms.push.message.*): the server writes no words of its own. The rule's message is the
 * user's text. The acknowledge link is left as ACK_LINK and put in at send time, so the stored
 * message never holds a usable link (push/ack.ts).
 */
export const ACK_LINK = '[[ack]]';
type AlarmRecord = typeof alarms.$inferSelect;

export interface MessagePlace {
  farmName: string;
  shedName: string;
  timeZone: string;
}

export interface RenderedMessage {
  subject: string;
  body: string;
  /** The alarms the message names (offline suppression leaves the shed's sensor alarms out). */
  alarmIds: number[];
}

/** `2026-11-27 03:12` on the farm's clock. */
export function farmClock(ms: number, timeZone: string): string {
  return wallDate(ms, timeZone).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Flood control, second half: when a gateway of the shed is offline, its sensor alarms (no data,
 * limits) follow from that; the message names the offline alarm and counts the rest.
 */
export function suppressOffline(list: readonly AlarmRecord[]): { shown: AlarmRecord[]; hidden: Map<number, number> } {
  const offline = new Set(list.filter((a) => a.kind === 'offline' && a.active).map((a) => a.gatewayId));
  const hidden = new Map<number, number>();
  const shown = list.filter((a) => {
    if (a.kind === 'offline' || !offline.has(a.gatewayId)) return true;
    hidden.set(a.gatewayId, (hidden.get(a.gatewayId) ?? 0) + 1);
    return false;
  });
  return { shown, hidden };
}

/** The originator's key as staff read it: the device states by name, a value key as it is. */
export function keyText(lang: Locale, key: string): string {
  if (key === 'offline') return translate(lang, 'alarms.property.offline');
  if (key.startsWith('command.'))
    return translate(lang, 'alarms.property.commandOf', { group: translate(lang, `control.groups.${key.slice(8)}`) });
  return key;
}

function line(lang: Locale, a: AlarmRecord, place: MessagePlace, hidden: Map<number, number>): string {
  const t = (key: string, vars: Record<string, string | number> = {}): string => translate(lang, `alarms.push.message.${key}`, vars);
  const level = translate(lang, `alarms.levels.${a.level}`);
  if (a.kind === 'offline' && hidden.has(a.gatewayId)) {
    return t('offline', { shed: place.shedName, time: farmClock(a.startedAt.getTime(), place.timeZone), count: hidden.get(a.gatewayId)! });
  }
  const text = isFeedAlarmKind(a.kind)
    ? feedLine(lang, a, place)
    : t('line', {
        time: farmClock(a.startedAt.getTime(), place.timeZone),
        level,
        rule: a.ruleName,
        message: a.message,
        key: keyText(lang, a.key),
        value: a.peak ?? a.value ?? '',
      });
  return a.active ? text : `${text} ${t('released')}`;
}

/** A feed alarm (no rule, no user text): the feeder or house it names and the catalogue's words for it. */
function feedLine(lang: Locale, a: AlarmRecord, place: MessagePlace): string {
  const words = feedAlarmText(a.kind, a.key, a.value);
  return translate(lang, 'alarms.push.message.feedLine', {
    time: farmClock(a.startedAt.getTime(), place.timeZone),
    level: translate(lang, `alarms.levels.${a.level}`),
    name: a.ruleName,
    text: translate(lang, `alarms.${words.key}`, words.vars),
  });
}

/** Subject and body of one round's message for one method. */
export function renderMessage(
  lang: Locale,
  method: PushMethod,
  round: number,
  list: readonly AlarmRecord[],
  place: MessagePlace,
  voiceTemplate: string | null,
): RenderedMessage {
  const { shown, hidden } = suppressOffline(list);
  const t = (key: string, vars: Record<string, string | number> = {}): string => translate(lang, `alarms.push.message.${key}`, vars);
  const worst = Math.min(...shown.map((a) => a.level));
  const subject = t('subject', {
    level: translate(lang, `alarms.levels.${worst}`),
    farm: place.farmName,
    shed: place.shedName,
    count: shown.length,
  });
  const lines = shown.map((a) => line(lang, a, place, hidden));
  const reminder = round > 1 ? [t('reminder', { round: round - 1 })] : [];
  let body: string;
  if (method === 'email') {
    body = [...reminder, ...lines, '', t('ackLink', { link: ACK_LINK })].join('\n');
  } else if (method === 'sms') {
    body = [...reminder, t('sms', { farm: place.farmName, shed: place.shedName, alarms: lines.join('; '), link: ACK_LINK })].join(' ');
  } else {
    // The farm's own words for the call, then how to acknowledge by keypress.
    const spoken = (voiceTemplate ?? '{{alarms}}')
      .replaceAll('{{farm}}', place.farmName)
      .replaceAll('{{shed}}', place.shedName)
      .replaceAll('{{alarms}}', lines.join('; '));
    body = `${spoken} ${t('voice')}`;
  }
  return { subject, body, alarmIds: shown.map((a) => a.id) };
}
