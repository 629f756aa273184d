import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FarmChoice } from '../../../app/farm';
import { FarmField } from '../../../ui/FarmSelect';

/**
 * The farm of a production list's filter bar: the poultry farm chosen (remembered across pages);
 * `onPick` clears what belonged to the previous farm (its house, its flock).
 */
export function ProdFarmFilter({ choice, onPick }: { choice: FarmChoice; onPick: () => void }): ReactElement {
  const { t } = useTranslation(['records', 'common']);
  return <FarmField id="prod-farm" label={t('records:common.farm')} width={220} choice={choice} onPicked={onPick} />;
}
