/**
 * The farm context of the console: the account's farms as server data (useFarms, TanStack Query),
 * which farm a farm-scoped page shows (useFarmChoice, one choice per farm type, remembered: the
 * only farm state kept on the client), the sheds of a farm as select options (useShedOptions),
 * the one house a page shows of them (useShedPick)
 * and the "no farm of this kind" state (NoFarm). Every
 * feature takes them from here.
 */
export { useFarmChoice, type FarmChoice } from './useFarmChoice';
export { NoFarm } from './NoFarm';
export { useShedOptions, useShedPick, type ShedOption, type ShedPick } from './useShedOptions';
export { useFarms } from '../auth/queries';
