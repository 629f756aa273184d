import type { ReactElement } from 'react';
import { Form, Tag, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { directoryApi, looserThan, platformLimits, WARN_KEYS, watchesKind, type WarnKeyGroup } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { useHeldPath } from '../../../app/auth/sessionContext';
import { ALARM_RULES_APP, useThresholdRules } from '../api';

const shown = (v: number | null, none: string): string => (v === null ? none : String(v));

/**
 * The platform's alarm rules on the value a group of controller limits watches (rh, pa, nh3), for
 * the chosen house: enabled threshold rules of its farm and shed type, their limits for the
 * flock's day age beside the controller's, and a flag where the controller's limit (as edited) is
 * looser than the rule's. A hint to the reader, never a refusal; shown to accounts that may read
 * the rules (alarm settings page).
 */
export function PlatformRules({
  group,
  farmId,
  shedId,
  dayAge,
  form,
}: {
  group: WarnKeyGroup;
  farmId: number | undefined;
  shedId: number;
  dayAge: number | null;
  form: FormInstance;
}): ReactElement {
  const { t } = useTranslation('control');
  const held = useHeldPath(ALARM_RULES_APP) !== null;
  const sheds = useQuery({
    queryKey: ['sheds', 'types', farmId ?? 0],
    enabled: held && farmId !== undefined,
    queryFn: ({ signal }) => call(directoryApi.sheds, { query: { farmId: farmId! } }, { signal }),
  });
  const rules = useThresholdRules(farmId, held);
  const values = (Form.useWatch([], form) ?? {}) as { enabled?: boolean; low?: number; high?: number };
  const label = t('warn.platform');
  if (!held)
    return (
      <section aria-label={label}>
        <p className="fs-dialog-note">{t('warn.platformNoRight')}</p>
      </section>
    );
  const shedType = sheds.data?.find((s) => s.tid === shedId)?.shedType;
  const list = (rules.data?.list ?? []).filter((r) => r.shedType === shedType && watchesKind(r, WARN_KEYS[group]));
  const ctrl = {
    enabled: values.enabled !== false,
    low: typeof values.low === 'number' && Number.isFinite(values.low) ? values.low : undefined,
    high: typeof values.high === 'number' && Number.isFinite(values.high) ? values.high : undefined,
  };
  const none = t('warn.noLimit');
  return (
    <section aria-label={label} data-testid="platform-rules">
      <h3>{label}</h3>
      {dayAge !== null && <p>{t('warn.platformDay', { day: dayAge })}</p>}
      {list.length === 0 && !rules.isPending && <p>{t('warn.platformNone')}</p>}
      <ul>
        {list.map((r) => {
          const limits = platformLimits(r, dayAge);
          const flags = limits ? looserThan(ctrl, limits) : [];
          return (
            <li key={r.id}>
              {r.name} ({r.groupName}):{' '}
              {limits ? t('warn.ruleLimits', { low: shown(limits.low, none), high: shown(limits.high, none) }) : t('warn.noStage')}{' '}
              {limits &&
                (flags.length > 0 ? (
                  flags.map((f) => (
                    <Tag key={f} color="orange">
                      {t(`warn.looser.${f}`, { v: f === 'low' ? limits.low : limits.high })}
                    </Tag>
                  ))
                ) : (
                  <Tag color="green">{t('warn.consistent')}</Tag>
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
