import { useState, type ReactElement } from 'react';
import { Drawer, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenBand } from '../../../ui/useScreenBand';
import type { LiveValue } from '../live/liveStore';
import { ControllerDetail } from './ControllerDetail';

/**
 * The controller panel of a shed: its controller's full state, or a choice between them when a
 * shed has several. Full width on a phone, a side panel otherwise.
 */
export interface DrawerTarget {
  shedId?: number;
  title: string;
  gatewayCodes: readonly string[];
}

export function ControllerDrawer({
  target,
  onClose,
  liveValues,
}: {
  target: DrawerTarget | null;
  onClose: () => void;
  liveValues?: (shedId: number, gatewayCode: string) => Readonly<Record<string, LiveValue>> | undefined;
}): ReactElement {
  const { t } = useTranslation('environment');
  const band = useScreenBand();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const codes = target?.gatewayCodes ?? [];
  const code = picked && codes.includes(picked) ? picked : codes[0];
  return (
    <Drawer
      open={!!target}
      onClose={() => {
        setPicked(undefined);
        onClose();
      }}
      title={target ? t('detail.title', { name: target.title }) : ''}
      size={band === 'small' ? '100%' : 640}
      destroyOnHidden
      className="fs-detail-drawer"
    >
      {target && codes.length > 1 && (
        <Segmented
          className="fs-detail__switch"
          value={code}
          onChange={(v) => setPicked(String(v))}
          options={codes.map((c) => ({ value: c, label: c }))}
          aria-label={t('detail.gateway')}
        />
      )}
      {target && (code || target.shedId !== undefined) && (
        <ControllerDetail
          key={code ?? `shed-${target.shedId}`}
          gatewayCode={code}
          shedId={code ? undefined : target.shedId}
          live={code && target.shedId !== undefined ? liveValues?.(target.shedId, code) : undefined}
        />
      )}
    </Drawer>
  );
}
