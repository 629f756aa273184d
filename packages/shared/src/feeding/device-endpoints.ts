import { z } from 'zod';
import { get, resource } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import {
  collectorAddBody,
  collectorUpdateBody,
  concentratorAddBody,
  concentratorUpdateBody,
  FEED_DEVICE_KINDS,
  feedDeviceIdParams,
  feedDeviceListQuery,
  feedDevicePageQuery,
  feederAddBody,
  feederUpdateBody,
  storedFeederParams,
  storedSerial,
} from './device-schemas.js';

export * from './device-schemas.js';

/* Answers of the feeding devices; times are epoch milliseconds. */

/** One device of any kind; the fields of other kinds are null. */
export const feedDeviceRow = z.object({
  id: z.number(),
  kind: z.enum(FEED_DEVICE_KINDS),
  ...shedPlaceFields,
  deviceNo: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  /** The concentrator of a collector, the collector of a feeder. */
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  /** A concentrator's gateway (the link to the platform), and a collector's or feeder's through its concentrator. */
  gatewayId: z.number().nullable(),
  gatewayCode: z.string().nullable(),
  /** Whether that gateway is online now. */
  online: z.boolean(),
  penId: z.number().nullable(),
  penColumn: z.number().nullable(),
  penRow: z.number().nullable(),
  /** Devices below it: a concentrator's collectors, a collector's feeders. */
  childCount: z.number(),
  ...storedSerial.shape,
  ...storedFeederParams.shape,
  remark: z.string().nullable(),
  updatedAt: z.number(),
});
export type FeedDeviceRow = z.infer<typeof feedDeviceRow>;

/** A device as a picker lists it (a collector's concentrator, a feeder's collector). */
export const feedDeviceOption = z.object({ id: z.number(), deviceNo: z.string(), name: z.string() });
export type FeedDeviceOption = z.infer<typeof feedDeviceOption>;

/**
 * Concentrators, collectors and feeders (/device-mng/feed/jzq, /cjq and /swq, app codes
 * device-mng.feed.jzq, .cjq and .swq). A device of a house the caller does not see, or of nobody,
 * is 203336; a house not seen 30004; a gateway that is not a feeder main of the house 20088; a pen
 * not of the house 20084; a parent not of the house 203336.
 */
export const feedDeviceApi = {
  ...resource('concentrator', '/feeding/concentrator', {
    params: feedDeviceIdParams,
    row: feedDeviceRow,
    page: { summary: 'Paged concentrators of the houses the account sees', query: feedDevicePageQuery },
    add: { summary: 'Adds a concentrator on a feeder main gateway of the house (203339 a number used)', body: concentratorAddBody },
    update: { summary: 'Edits a concentrator', body: concentratorUpdateBody },
    remove: 'Deletes a concentrator; 20041 while collectors are bound to it',
  }),
  concentratorList: get('/feeding/concentrator/list', "A house's concentrators, for the collector form", {
    query: feedDeviceListQuery,
    answer: z.array(feedDeviceOption),
  }),
  concentratorGateways: get('/feeding/concentrator/gateways', "A house's feeder main gateways (type 102), for the concentrator form", {
    query: feedDeviceListQuery,
    answer: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  }),
  ...resource('collector', '/feeding/collector', {
    params: feedDeviceIdParams,
    row: feedDeviceRow,
    page: { summary: 'Paged collectors of the houses the account sees', query: feedDevicePageQuery },
    add: { summary: 'Adds a collector under a concentrator of the house', body: collectorAddBody },
    update: { summary: 'Edits a collector', body: collectorUpdateBody },
    remove: 'Deletes a collector; 20050 while feeders are bound to it',
  }),
  collectorList: get('/feeding/collector/list', "A house's collectors, for the feeder form", {
    query: feedDeviceListQuery,
    answer: z.array(feedDeviceOption),
  }),
  ...resource('feeder', '/feeding/feeder', {
    params: feedDeviceIdParams,
    row: feedDeviceRow,
    page: { summary: 'Paged feeders of the houses the account sees, with their pen and parameters', query: feedDevicePageQuery },
    add: { summary: 'Adds a feeder under a collector of the house, feeding one of its pens', body: feederAddBody },
    update: { summary: 'Edits a feeder and its parameters', body: feederUpdateBody },
    remove: 'Deletes a feeder with its dispatch records',
  }),
};
