import type { ReactElement } from 'react';
import type { ShedPick } from '../app/farm';
import { FarmField, type FarmPick } from './FarmSelect';
import { SelectFilter } from './SelectFilter';

/**
 * The farm and house fields of a page about one house (`useShedPick`): picking another farm goes
 * back to its first house. `onPicked` (told which field changed) clears what belonged to the
 * previous farm or house (a selection of its devices, a pen, the houses to copy to). Fields are `${idPrefix}-farm` and
 * `${idPrefix}-shed`, labelled by the caller's texts; the house is found by typing its name.
 */
export function FarmShedFields({
  idPrefix,
  texts,
  choice,
  house,
  onPicked,
}: {
  idPrefix: string;
  texts: { farm: string; shed: string };
  choice: FarmPick;
  house: ShedPick;
  onPicked?: (field: 'farm' | 'shed') => void;
}): ReactElement {
  return (
    <>
      <FarmField
        id={`${idPrefix}-farm`}
        label={texts.farm}
        width={220}
        choice={choice}
        onPicked={() => {
          house.pick(undefined);
          onPicked?.('farm');
        }}
      />
      <SelectFilter<number>
        id={`${idPrefix}-shed`}
        label={texts.shed}
        width={200}
        required
        search
        value={house.shedId}
        options={house.sheds.data}
        onChange={(shedId) => {
          house.pick(shedId);
          onPicked?.('shed');
        }}
      />
    </>
  );
}
