import type { ReactElement } from 'react';
import { Tag } from 'antd';
import { TENANT_MODULES, type TenantModule } from '@farmsense/shared';
import { menuLabel } from '../../app/i18n/i18n';

/**
 * A tenant's application modules (SPEC §3 Tenant) are named like the menu groups they open, so
 * the platform operator reads the same words the tenant sees in its menu.
 */
const MENU_CODE: Record<TenantModule, string> = { pig: 'pig', chicken: 'ci18', group: 'group' };
const COLOR: Record<TenantModule, string> = { pig: 'magenta', chicken: 'gold', group: 'geekblue' };

function isModule(m: string): m is TenantModule {
  return (TENANT_MODULES as readonly string[]).includes(m);
}

export function moduleLabel(m: string): string {
  return isModule(m) ? menuLabel(MENU_CODE[m]) : m;
}

export function moduleOptions(): { value: TenantModule; label: string }[] {
  return TENANT_MODULES.map((m) => ({ value: m, label: moduleLabel(m) }));
}

export function ModuleTags({ modules }: { modules: string[] }): ReactElement {
  const ordered = [...modules].sort((a, b) => TENANT_MODULES.indexOf(a as TenantModule) - TENANT_MODULES.indexOf(b as TenantModule));
  return (
    <span className="fs-tags">
      {ordered.map((m) => (
        <Tag key={m} color={isModule(m) ? COLOR[m] : undefined} bordered={false}>
          {moduleLabel(m)}
        </Tag>
      ))}
    </span>
  );
}
