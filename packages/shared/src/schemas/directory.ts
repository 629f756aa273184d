import { z } from 'zod';
import { idParam, pageQuery } from './common.js';

/**
 * Who and where: the farms, sheds, pens and accounts a signed-in account may pick from. Every
 * answer is limited to the caller's tenant, its authorized farms and, when set, its sheds.
 */
const farmId = idParam;

export const farmIdQuery = z.strictObject({ farmId });
export type FarmIdQuery = z.infer<typeof farmIdQuery>;

export const queryShedsBody = pageQuery.extend({ farmId });
export type QueryShedsBody = z.infer<typeof queryShedsBody>;

export interface AreaCode {
  /** Calling code with the plus sign, e.g. '+86'. */
  code: string;
  /** ISO 3166-1 alpha-2 country code; the web names it in the user's language (Intl.DisplayNames). */
  country: string;
}

export interface FarmListItem {
  id: number;
  farmId: number;
  farmName: string;
  type: number;
  scale: number | null;
  timeZone: string;
}

export interface AuthFarm {
  farmId: number;
  farmName: string;
  type: number;
}

export interface AccountOption {
  label: string;
  value: number;
}

export interface ShedListItem {
  tid: number;
  shedName: string;
  shedType: number;
  areaNum: number;
  buildingNum: number;
  shedNum: number;
  farmId: number;
}

export interface PenItem {
  id: number;
  fieldColumn: number;
  field: number;
}

/** A shed of the authorized tree with its pens (fieldLevel/shedInfo/authList). */
export interface AuthShed extends Omit<ShedListItem, 'farmId'> {
  pens: PenItem[];
}

export interface ShedGateway {
  code: string;
  name: string;
  gatewayType: number;
  deviceCategory: number | null;
  model: string | null;
}

/** A row of querySheds (shed overview pages). */
export interface ShedOverviewRow extends ShedListItem {
  farmName: string;
  penCount: number;
  gateways: ShedGateway[];
}
