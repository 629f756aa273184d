/**
 * The one access scope (docs/NEW-MODULE.md, "Access scope"). A handler takes `scopeOf(req)` and
 * asks it about each object it touches; list queries add `farmCondition` / `shedCondition` /
 * `gatewayCondition` to their WHERE clause. Refusals are logged by the audit hook, the same way
 * for every module.
 */
export { buildScope, scopeOf, seesFarm, seesGateway, seesPen, seesShed, seesWholeFarm, tenantIdOf, type Scope } from './scope.js';
export { farmCondition, gatewayCondition, penCondition, shedCondition } from './conditions.js';
export {
  assertWholeFarms,
  farmRowConditions,
  visibleFarm,
  visibleGateway,
  visiblePen,
  visibleShed,
  visibleSheds,
  tenantSheds,
  seenSheds,
  type FarmRow,
  type GatewayRow,
  type PenRow,
  type ShedRow,
} from './visible.js';
export { visibleRow } from './visible-row.js';
export { forbidden, refusal, requireFunction, type Refusal } from './refuse.js';
export { assertRolesWithinCaller, farmsOf, guardHandOver, guardReach, tenantCodes } from './grants.js';
