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
