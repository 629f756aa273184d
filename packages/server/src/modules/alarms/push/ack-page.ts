import { ErrorCodes, LOCALES, type Locale } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { PageAnswer } from '../../../core/serve.js';
import type { AckPreview, AckResult, RefusedLink } from './ack.js';
import { farmClock, keyText } from './message.js';

/**
 * The pages of the acknowledge link (push/routes.ts), in the message's language from the shared
 * catalogue (alarms.push.page.*): the confirmation (what the link acknowledges and one button, a
 * form POST to the same address, so a mail scanner's GET changes nothing), the result, and the
 * refusal with its code. Plain HTML with every value escaped, no script: it opens on any phone.
 */
const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const HTML_LANG: Record<Locale, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US', vi: 'vi', th: 'th', ru: 'ru' };

export const asLocale = (l: string | null | undefined, fallback: Locale): Locale => LOCALES.find((x) => x === l) ?? fallback;

const STYLE = [
  'body{margin:0;background:#f2f3f5;color:#1f2329;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}',
  'main{max-width:44rem;margin:1.5rem auto;padding:1.25rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}',
  'h1{font-size:1.35rem;margin:0 0 .25rem}.place{font-size:1.1rem;margin:0 0 1rem}',
  'table{border-collapse:collapse;width:100%;margin:0 0 1rem}th,td{text-align:left;padding:.45rem .4rem;border-bottom:1px solid #e5e6eb;vertical-align:top}',
  'th{font-size:.85rem;color:#646a73;font-weight:600}.level-1{color:#c62828;font-weight:600}.level-2{color:#d46b08;font-weight:600}',
  'button{font:inherit;font-size:1.1rem;padding:.7rem 1.6rem;background:#1677ff;color:#fff;border:0;border-radius:6px;cursor:pointer}',
  '.muted{color:#646a73;font-size:.9rem}.code{font-family:ui-monospace,monospace;color:#646a73}.ok{color:#237804}.refused{color:#c62828}',
].join('');

function page(lang: Locale, title: string, body: string, status = 200): PageAnswer {
  const html =
    `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">` +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return { html, status };
}

const tr =
  (lang: Locale) =>
  (key: string, vars: Record<string, string | number> = {}): string =>
    translate(lang, key, vars);

function stateKey(a: AckPreview['alarms'][number]): string {
  if (a.active) return a.acknowledged ? 'activeAcknowledged' : 'activeUnacknowledged';
  return a.acknowledged ? 'cleared' : 'clearedUnacknowledged';
}

/** GET: the alarms the link acknowledges and the button. */
export function confirmPage(p: AckPreview): PageAnswer {
  const lang = asLocale(p.language, 'en-us');
  const t = tr(lang);
  const tz = p.place.timeZone;
  const rows = p.alarms
    .map(
      (a) =>
        `<tr data-alarm="${a.id}"><td>${esc(farmClock(a.startedAt.getTime(), tz))}</td>` +
        `<td class="level-${a.level}">${esc(t(`alarms.levels.${a.level}`))}</td>` +
        `<td>${esc(a.ruleName)}${a.message ? `<br><span class="muted">${esc(a.message)}</span>` : ''}</td>` +
        `<td>${esc(keyText(lang, a.key))} ${esc(a.peak ?? a.value ?? '')}</td>` +
        `<td>${esc(t(`alarms.rowStates.${stateKey(a)}`))}</td></tr>`,
    )
    .join('');
  const head = ['time', 'level', 'alarm', 'value', 'state'].map((c) => `<th>${esc(t(`alarms.push.page.columns.${c}`))}</th>`).join('');
  const body =
    `<h1>${esc(t('alarms.push.page.title'))}</h1>` +
    `<p class="place">${esc(p.place.farmName)} / ${esc(p.place.shedName)}</p>` +
    `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` +
    `<p>${esc(t('alarms.push.page.intro', { via: p.via }))}</p>` +
    // No action: the form posts to this page's own address (the same token).
    `<form method="post"><button type="submit" id="push-ack-confirm">${esc(t('alarms.push.page.confirm'))}</button></form>` +
    `<p class="muted">${esc(t('alarms.push.page.expires', { time: farmClock(p.expiresAt.getTime(), tz) }))}</p>`;
  return page(lang, t('alarms.push.page.title'), body);
}

/** POST: what the button did. */
export function donePage(r: AckResult): PageAnswer {
  const lang = asLocale(r.language, 'en-us');
  const t = tr(lang);
  const text =
    r.answer.acknowledged > 0
      ? t('alarms.push.page.done', { count: r.answer.acknowledged, via: r.answer.via, time: farmClock(r.at.getTime(), r.place.timeZone) })
      : t('alarms.push.page.none');
  const body =
    `<h1 class="ok">${esc(t('alarms.push.page.doneTitle'))}</h1>` +
    `<p class="place">${esc(r.place.farmName)} / ${esc(r.place.shedName)}</p>` +
    `<p id="push-ack-result" data-acknowledged="${r.answer.acknowledged}">${esc(text)}</p>`;
  return page(lang, t('alarms.push.page.doneTitle'), body);
}

/** A link that is not one, has expired (21019, 404) or was used (21020, 410): the reason and its code. */
export function refusedPage(code: number, link: RefusedLink, fallback: Locale): PageAnswer {
  const lang = asLocale(link.language, fallback);
  const t = tr(lang);
  const used = link.usedAt ? `<p>${esc(t('alarms.push.page.usedAt', { time: farmClock(link.usedAt.getTime(), link.timeZone) }))}</p>` : '';
  const body =
    `<h1 class="refused">${esc(t('alarms.push.page.refusedTitle'))}</h1>` +
    `<p id="push-ack-refused" data-code="${code}">${esc(t(`errors.${code}`))}</p>${used}` +
    `<p class="muted">${esc(t('alarms.push.page.refusedHint'))}</p>` +
    `<p class="code">${esc(t('alarms.push.page.code', { code }))}</p>`;
  return page(lang, t('alarms.push.page.refusedTitle'), body, code === ErrorCodes.PUSH_LINK_USED ? 410 : 404);
}
