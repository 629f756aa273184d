import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addFieldsBody,
  fieldIdParams,
  hierarchicalQueryBody,
  shedAddBody,
  shedIdBody,
  shedIdParams,
  shedUpdateBody,
  updateFieldBody,
  type HierarchyFarm,
  type PenOption,
  type PenRow,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { addPens, deletePen, hierarchy, penOptions, shedPens, updatePen } from './pens.js';
import { addShed, deleteShed, updateShed } from './service.js';

export const SHED_APP = 'housemanagement.shedlist';

/**
 * Sheds and pens (/housemanagement/shedlist). The writes need the shed list application. The
 * three pickers (queryFields, lieHaoSelect, qdslHierarchicalQuery) serve every page that picks a
 * shed or pen (feeding, devices, records), so like the directory calls they need a session but no
 * particular application, and answer only what the caller's farm, shed and pen scope allows.
 */
export const shedRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['sheds'];
  const config = { app: SHED_APP, module: 'housemanagement' };
  const picker = { readOnly: true, module: 'housemanagement' };

  app.post(
    '/api/breedpigbuilding/shed/add',
    {
      config,
      schema: { tags, summary: 'Adds a shed (type of the farm kind: 20023; same place and type: 20026)', body: shedAddBody },
    },
    async (req): Promise<{ id: number }> => addShed(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.put(
    '/api/breedpigbuilding/shed/update',
    {
      config,
      schema: { tags, summary: 'Edits a shed', body: shedUpdateBody },
    },
    async (req) => {
      await updateShed(db, scopeOf(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.delete(
    '/api/breedpigbuilding/shed/delete/:id',
    {
      config,
      schema: { tags, summary: 'Deletes a shed with its pens (refused with 20089 while gateways are bound to it)', params: shedIdParams },
    },
    async (req) => {
      await deleteShed(db, scopeOf(req), tenantOf(req), req.params.id);
      return NO_DATA;
    },
  );

  app.post(
    '/api/breedpigbuilding/shed/queryFields',
    {
      config: picker,
      schema: { tags, summary: 'Pens of a shed the caller may see', body: shedIdBody },
    },
    async (req): Promise<PenRow[]> => shedPens(db, scopeOf(req), tenantOf(req), req.body.shedId),
  );

  app.post(
    '/api/breedpigbuilding/shed/addFields',
    {
      config,
      schema: {
        tags,
        summary: 'Creates pens startColumn..endColumn in one row (20043 bad range, 20040 number exists)',
        body: addFieldsBody,
      },
    },
    async (req): Promise<{ ids: number[] }> => addPens(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.put(
    '/api/breedpigbuilding/shed/updateField',
    {
      config,
      schema: { tags, summary: 'Renumbers or renames a pen (20040 number exists, 20083 name exists)', body: updateFieldBody },
    },
    async (req) => {
      await updatePen(db, scopeOf(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.delete(
    '/api/breedpigbuilding/shed/deleteField/:id',
    {
      config,
      schema: { tags, summary: 'Deletes a pen', params: fieldIdParams },
    },
    async (req) => {
      await deletePen(db, scopeOf(req), tenantOf(req), req.params.id);
      return NO_DATA;
    },
  );

  app.post(
    '/api/breedpigbuilding/shed/qdslHierarchicalQuery',
    {
      config: picker,
      schema: { tags, summary: 'Farm -> sheds -> pens tree of what the caller may see', body: hierarchicalQueryBody.nullish() },
    },
    async (req): Promise<HierarchyFarm[]> => hierarchy(db, scopeOf(req), tenantOf(req), req.body?.farmId),
  );

  app.post(
    '/api/breedpigbuilding/shed/lieHaoSelect',
    {
      config: picker,
      schema: { tags, summary: 'Pen options of a shed labelled "column-row"', body: shedIdBody },
    },
    async (req): Promise<PenOption[]> => penOptions(db, scopeOf(req), tenantOf(req), req.body.shedId),
  );
};
