import { useState } from 'react';

/** Which sheds a trend page shows, remembered per farm; the first `first` sheds until the user picks. */
export function usePickedSheds(
  farmId: number | undefined,
  available: readonly number[],
  first: number,
): [number[], (ids: number[]) => void] {
  const [picked, setPicked] = useState<{ farmId: number | undefined; ids: number[] } | null>(null);
  const ids = picked && picked.farmId === farmId ? picked.ids.filter((id) => available.includes(id)) : available.slice(0, first);
  return [ids, (next) => setPicked({ farmId, ids: next })];
}
