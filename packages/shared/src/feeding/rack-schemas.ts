import { z } from 'zod';
import { bodyId, idParam, NUMBER_ERROR, optionalText, pageQuery, requiredText, strictObject } from '../schemas/common.js';
import { blankAsAbsent, idFilter, textFilter, shedFilters } from '../schemas/time.js';

/**
 * Feeding racks and positions (issue 15; SPEC §2 /accurate-feeding/column, /device-mng/feed/swq/column
 * and /relation; codes 20031-20033, 20084, 20086-20091, 20094, 200330, 200331).
 * - a rack stands in one pen of a pig house and holds a run of positions, numbered `startNo` to
 *   `endNo`; a position is one sow place (a crate) and a pen may hold several racks;
 * - position numbers are unique within the house (painted on the crates) and a rack's name within
 *   its pen: 20031 otherwise;
 * - the run keeps the column rule (start not above end, at most `MAX_RACK_POSITIONS` places):
 *   200330, checked by the service (SPEC names its own code), so the contract keeps only the types;
 * - a rack of another house or of nobody is 200331 (target column missing), a pen not of the
 *   house 20084 on add and 20094 on an edit's new pen;
 * - a feeder stands at one position and a position holds one feeder: binding to a taken position
 *   or binding a feeder already placed is 20091 (move it instead); a position not seen is 20032;
 *   unbinding an empty position 20033, a position whose feeder is no longer the one named 20090;
 *   a feeder not seen 20088, a device that is a collector or concentrator 20089, a feeder of
 *   another house than the position 20086; a feeder renamed to a name another feeder of the house
 *   carries 20087. Binding or moving a feeder to a position of another pen moves it to that pen.
 */
export const MAX_RACK_POSITIONS = 100;
export const MAX_POSITION_NO = 9999;

const positionNo = z
  .number(NUMBER_ERROR)
  .int('validation.integer')
  .min(1, 'validation.invalid')
  .max(MAX_POSITION_NO, 'validation.tooLarge');

export const rackAddBody = strictObject({
  shedId: bodyId,
  penId: bodyId,
  name: requiredText(),
  startNo: positionNo,
  endNo: positionNo,
  remark: optionalText(200),
});
export type RackAddBody = z.infer<typeof rackAddBody>;
export const rackUpdateBody = rackAddBody.extend({ id: bodyId });
export type RackUpdateBody = z.infer<typeof rackUpdateBody>;

/** The column rule (200330): null when the run is in order and not too long, else the field at fault. */
export function rackRunIssue(b: { startNo: number; endNo: number }): { field: 'endNo'; key: string } | null {
  if (b.startNo > b.endNo) return { field: 'endNo', key: 'validation.endBeforeStart' };
  if (b.endNo - b.startNo + 1 > MAX_RACK_POSITIONS) return { field: 'endNo', key: 'validation.tooMany' };
  return null;
}

export const rackPageQuery = pageQuery.extend({
  ...shedFilters,
  penId: idFilter(),
  name: textFilter(),
});
export type RackPageQuery = z.infer<typeof rackPageQuery>;

export const rackIdParams = strictObject({ id: idParam });

/** The column view and the relation screen read one house, optionally one pen or rack of it. */
export const positionHouseQuery = strictObject({
  shedId: idParam,
  penId: idFilter(),
  rackId: idFilter(),
});
export type PositionHouseQuery = z.infer<typeof positionHouseQuery>;

export const POSITION_STATES = ['all', 'bound', 'empty'] as const;
export type PositionState = (typeof POSITION_STATES)[number];

export const positionPageQuery = pageQuery.extend({
  shedId: idParam,
  penId: idFilter(),
  state: z.preprocess(blankAsAbsent, z.enum(POSITION_STATES, { error: 'validation.invalid' }).default('all')),
  name: textFilter(),
});
export type PositionPageQuery = z.infer<typeof positionPageQuery>;

export const positionBindBody = strictObject({ positionId: bodyId, feederId: bodyId });
export type PositionBindBody = z.infer<typeof positionBindBody>;
/** Unbinds the feeder the screen showed at the position (20090 when another stands there now). */
export const positionUnbindBody = strictObject({ positionId: bodyId, feederId: bodyId });
export type PositionUnbindBody = z.infer<typeof positionUnbindBody>;
/** Moves the feeder of one position to another, empty one of the same house. */
export const positionMoveBody = strictObject({ positionId: bodyId, toPositionId: bodyId });
export type PositionMoveBody = z.infer<typeof positionMoveBody>;
export const feederRenameBody = strictObject({ feederId: bodyId, name: requiredText() });
export type FeederRenameBody = z.infer<typeof feederRenameBody>;
