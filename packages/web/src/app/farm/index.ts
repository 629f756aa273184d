/**
 * The farm context of the console: which farm a farm-scoped page shows (useFarmChoice, one
 * choice per farm type, remembered) and the "no farm of this kind" state (NoFarm). Every feature
 * takes them from here.
 */
export { useFarmChoice, type FarmChoice } from './useFarmChoice';
export { NoFarm } from './NoFarm';
