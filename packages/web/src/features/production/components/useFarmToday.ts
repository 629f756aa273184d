import { useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY, todayIn } from '../model/kinds';
import { useFarms } from '../../../app/auth/queries';

/**
 * Today in the farm's time zone, as 'YYYY-MM-DD' and as a Dayjs for pickers. Records belong to the
 * farm's day, not the browser's: a manager abroad at 20:00 UTC enters the next day of a farm at UTC+8.
 */
export function useFarmToday(farmId: number | undefined): { today: string; todayDay: Dayjs } {
  const timeZone = useFarms().find((f) => f.id === farmId)?.timeZone;
  const today = todayIn(timeZone);
  const todayDay = useMemo(() => dayjs(today, DAY), [today]);
  return { today, todayDay };
}
