import { z } from 'zod';
import { noAnswer, post, resource } from '../contract.js';
import { farmIdentity } from '../directory/endpoints.js';
import { farmAddBody, farmDetailQuery, farmIdParams, farmPageQuery, farmTimeZoneBody, farmUpdateBody } from '../schemas/farms.js';

/** farmInfo/detail and the rows of farmInfo/page. */
export const farmDetailRow = z.object({
  ...farmIdentity,
  address: z.string().nullable(),
  personInCharge: z.string().nullable(),
  contact: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  adminAccountId: z.number().nullable(),
  adminAccountName: z.string().nullable(),
  state: z.number(),
  timeZone: z.string(),
  timeZoneName: z.string().nullable(),
  shedCount: z.number(),
  createdAt: z.string(),
});
export type FarmDetail = z.infer<typeof farmDetailRow>;

/** Farm administration (/housemanagement/houselist). The farm list of the pickers is directory's farmInfo/list. */
export const farmsApi = {
  ...resource('', '/breedpigbuilding/farmInfo', {
    paths: 'named',
    params: farmIdParams,
    row: farmDetailRow,
    page: { summary: 'Paged farms the account may see, with all their fields', query: farmPageQuery },
    detail: { summary: 'One farm with all its fields', query: farmDetailQuery },
    add: { summary: 'Adds a farm (name unique in the tenant: 10010; farm cap: 20110)', body: farmAddBody },
    update: { summary: 'Edits a farm (shed types must stay of the farm kind: 20023)', body: farmUpdateBody },
    remove: 'Deletes a farm with its sheds, pens and authorizations',
  }),
  timeZone: post('/breedpigbuilding/farmInfo/timeZone', "Sets the farm's time zone (IANA name) and its display name", {
    body: farmTimeZoneBody,
    answer: noAnswer,
  }),
};
