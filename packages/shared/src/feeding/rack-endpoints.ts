import { z } from 'zod';
import { get, noAnswer, pageOf, post, resource } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import {
  feederRenameBody,
  positionBindBody,
  positionHouseQuery,
  positionMoveBody,
  positionPageQuery,
  positionUnbindBody,
  rackAddBody,
  rackIdParams,
  rackPageQuery,
  rackUpdateBody,
} from './rack-schemas.js';

export * from './rack-schemas.js';

/* Answers of the feeding racks and positions; times are epoch milliseconds. */

export const rackRow = z.object({
  id: z.number(),
  ...shedPlaceFields,
  penId: z.number(),
  penColumn: z.number(),
  penRow: z.number(),
  name: z.string(),
  startNo: z.number(),
  endNo: z.number(),
  /** Positions of the rack, and how many of them hold a feeder. */
  positions: z.number(),
  bound: z.number(),
  remark: z.string().nullable(),
  updatedAt: z.number(),
});
export type RackRow = z.infer<typeof rackRow>;

/** A feeder as the position screens show it. */
export const positionFeeder = z.object({
  id: z.number(),
  deviceNo: z.string(),
  name: z.string(),
  collectorName: z.string().nullable(),
  penId: z.number(),
});
export type PositionFeeder = z.infer<typeof positionFeeder>;

export const positionRow = z.object({
  id: z.number(),
  positionNo: z.number(),
  rackId: z.number(),
  rackName: z.string(),
  penId: z.number(),
  penColumn: z.number(),
  penRow: z.number(),
  feeder: positionFeeder.nullable(),
});
export type PositionRow = z.infer<typeof positionRow>;

/** One pen of the column view: its racks with their positions, and its feeders that stand at none. */
export const columnPen = z.object({
  penId: z.number(),
  penColumn: z.number(),
  penRow: z.number(),
  racks: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      positions: z.array(z.object({ id: z.number(), positionNo: z.number(), feeder: positionFeeder.nullable() })),
    }),
  ),
  unplaced: z.array(positionFeeder),
});
export type ColumnPen = z.infer<typeof columnPen>;

export const columnAnswer = z.object({
  shedId: z.number(),
  shedName: z.string(),
  pens: z.array(columnPen),
  /** Totals over the pens shown. */
  positions: z.number(),
  bound: z.number(),
  unplaced: z.number(),
});
export type ColumnAnswer = z.infer<typeof columnAnswer>;

/** A house's feeder as the bind dialog lists it, with the position it stands at (null: none). */
export const feederPlaceRow = positionFeeder.extend({ positionId: z.number().nullable(), positionNo: z.number().nullable() });
export type FeederPlaceRow = z.infer<typeof feederPlaceRow>;

/**
 * Rack management (/accurate-feeding/column, app accurate-feeding.column, pig mode), the feeder
 * column view (/device-mng/feed/swq/column) and the feeder to position relation
 * (/device-mng/feed/swq/relation). Rules and codes: rack-schemas.ts.
 */
export const feedRackApi = {
  ...resource('rack', '/feeding/rack', {
    params: rackIdParams,
    row: rackRow,
    page: { summary: 'Paged feeding racks of the houses the account sees, with their positions counted', query: rackPageQuery },
    add: { summary: 'Adds a rack to a pen with its positions startNo to endNo (20031, 20084, 200330)', body: rackAddBody },
    update: {
      summary: 'Edits a rack: its pen, name and run; positions dropped from the run lose their feeder',
      body: rackUpdateBody,
    },
    remove: 'Deletes a rack with its positions; their feeders stay in the pen, unplaced',
  }),
  columns: get('/feeding/position/columns', 'Which feeder stands at which position of which pen, for a house', {
    query: positionHouseQuery,
    answer: columnAnswer,
  }),
  positionPage: get('/feeding/position/page', 'Paged positions of a house with the feeder at each', {
    query: positionPageQuery,
    answer: pageOf(positionRow),
  }),
  feeders: get('/feeding/position/feeders', "A house's feeders with the position each stands at, for the bind dialog", {
    query: positionHouseQuery,
    answer: z.array(feederPlaceRow),
  }),
  bind: post('/feeding/position/bind', 'Places a feeder at an empty position of its house', { body: positionBindBody, answer: noAnswer }),
  unbind: post('/feeding/position/unbind', 'Takes the named feeder off its position', { body: positionUnbindBody, answer: noAnswer }),
  move: post('/feeding/position/move', "Moves a position's feeder to another, empty position of the house", {
    body: positionMoveBody,
    answer: noAnswer,
  }),
  rename: post('/feeding/position/rename', 'Renames a feeder (20087 when another feeder of the house has the name)', {
    body: feederRenameBody,
    answer: noAnswer,
  }),
};
