import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../ui/QueryStates';

/** The account has no farm of this type: say so and whom to ask. */
export function NoFarm({ farmType }: { farmType: number }): ReactElement {
  const { t } = useTranslation('shell');
  const kind = t(farmType === 1 ? 'overview.farmKind.pig' : 'overview.farmKind.poultry');
  return <EmptyBlock title={t('overview.noFarm', { kind })} hint={t('overview.noFarmHint')} />;
}
