import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  warnBarPayload,
  warnButtonPayload,
  warnNh3Payload,
  warnRhPayload,
  type AppCode,
  type SettingApplyBody,
  type WarnKeyGroup,
} from '@farmsense/shared';
import type { ControlCode } from '../components/ControlCodeDialog';
import { PlatformRules } from '../components/PlatformRules';
import { SettingGroupPage } from '../components/SettingGroupPage';
import { WarnEditor } from '../components/WarnEditor';
import { WARN_SCHEMAS, warnText, type WarnGroup } from '../components/warnText';

/** A house without limits of its own starts from these (the controller's factory values). */
const STARTERS = {
  warnRh: { enabled: true, low: 40, high: 85, delaySeconds: 60 },
  warnBar: { enabled: true, low: 5, high: 60, delaySeconds: 60 },
  warnNh3: { enabled: true, high: 25, delaySeconds: 120 },
  warnButton: { enabled: true, delaySeconds: 0 },
};
const APPS: Record<WarnGroup, AppCode> = {
  warnRh: 'remote-control.warn.rh',
  warnBar: 'remote-control.warn.bar',
  warnNh3: 'remote-control.warn.nh3',
  warnButton: 'remote-control.warn.button',
};
type Limits = { enabled: boolean; low?: number; high?: number; delaySeconds: number };

/** The apply request of a group: its limits read by its own schema (the form checked them already). */
function warnBody(group: WarnGroup, payload: Limits, shedIds: number[], code: ControlCode): SettingApplyBody {
  switch (group) {
    case 'warnRh':
      return { group, shedIds, payload: warnRhPayload.parse(payload), ...code };
    case 'warnBar':
      return { group, shedIds, payload: warnBarPayload.parse(payload), ...code };
    case 'warnNh3':
      return { group, shedIds, payload: warnNh3Payload.parse(payload), ...code };
    case 'warnButton':
      return { group, shedIds, payload: warnButtonPayload.parse(payload), ...code };
  }
}

/**
 * /remote-control/warn/{rh,bar,nh3,button}: the controller's own alarm limits of a house, one
 * setting group per page on the shared frame (code, batch apply, pending/synced, restore), checked
 * by the shared rules (99996 per field on the server), with the platform's alarm rules on the same
 * value beside them (PlatformRules) for the pages that watch a value.
 */
function WarnPage({ group }: { group: WarnGroup }): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<Limits>();
  const watched: WarnKeyGroup | null = group === 'warnButton' ? null : group;
  return (
    <SettingGroupPage<Limits>
      app={APPS[group]}
      group={group}
      subtitle={t(`warn.subtitles.${group}`)}
      schema={WARN_SCHEMAS[group]}
      starter={STARTERS[group]}
      applyLabel={t('warn.apply')}
      form={form}
      editor={<WarnEditor group={group} />}
      aside={
        watched
          ? ({ farmId, shedId, state }) => (
              <PlatformRules group={watched} farmId={farmId} shedId={shedId} dayAge={state.dayAge} form={form} />
            )
          : undefined
      }
      reported={(value) => <p>{value ? warnText(group, value, t) : t('versions.none')}</p>}
      body={(payload, shedIds, code) => warnBody(group, payload, shedIds, code)}
    />
  );
}

export const WarnRhPage = (): ReactElement => <WarnPage group="warnRh" />;
export const WarnBarPage = (): ReactElement => <WarnPage group="warnBar" />;
export const WarnNh3Page = (): ReactElement => <WarnPage group="warnNh3" />;
export const WarnButtonPage = (): ReactElement => <WarnPage group="warnButton" />;
