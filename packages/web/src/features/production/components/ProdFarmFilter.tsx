import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FarmChoice } from '../../../app/farm';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterField } from '../../../ui/FilterBar';

/**
 * The farm of a production list's filter bar: the poultry farm chosen (remembered across pages);
 * `onPick` clears what belonged to the previous farm (its house, its flock).
 */
export function ProdFarmFilter({ choice, onPick }: { choice: FarmChoice; onPick: () => void }): ReactElement {
  const { t } = useTranslation(['records', 'common']);
  return (
    <FilterField id="prod-farm" label={t('records:common.farm')} width={220}>
      <FarmSelect id="prod-farm" choice={choice} onPicked={onPick} />
    </FilterField>
  );
}
