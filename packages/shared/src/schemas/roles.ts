import { z } from 'zod';
import type { AppScope } from '../permissions.js';
import { absentIfBlank, textFilter } from './time.js';
import { idParam, pageQuery, requiredText } from './common.js';
import { appOperation } from './portal.js';

/**
 * Roles (SPEC §6, §7 "Roles and accounts"): a role has a name unique in its tenant, a type, and
 * operation rights bound per application. A 'group' role holds only group-level applications and
 * a 'farm' role only farm-level ones, so the two levels are granted apart.
 */
const id = idParam;
/** Ids in JSON bodies are numbers; only query strings and paths are coerced from text. */
const bodyId = z.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.required');

export const ROLE_TYPES = ['farm', 'group'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];
export const roleType = z.enum(ROLE_TYPES, { error: 'validation.invalid' });

/** Which application scope a role type may bind. */
export function scopeOfRoleType(type: RoleType): AppScope {
  return type === 'group' ? 'group' : 'farm';
}

export const rolePageQuery = pageQuery.extend({ roleName: textFilter() });
export type RolePageQuery = z.infer<typeof rolePageQuery>;

export const roleAddBody = z.strictObject({ roleName: requiredText(), type: roleType.default('farm') });
export type RoleAddBody = z.infer<typeof roleAddBody>;

export const roleEditBody = z.strictObject({ id: bodyId, roleName: requiredText(), type: roleType.optional() });
export type RoleEditBody = z.infer<typeof roleEditBody>;

export const roleIdQuery = z.strictObject({ id });

/** The tree of bindable applications, optionally cut to the scope of one role type. */
export const applicationListQuery = z.strictObject({ type: absentIfBlank(roleType) });

export const operateAuthBindBody = z.strictObject({
  roleId: bodyId,
  /** Replaces every binding of the role; an empty list unbinds all. */
  applications: z
    .array(
      z.strictObject({
        applicationInfoId: z.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.invalid'),
        ops: z.array(appOperation).min(1, 'validation.selectAtLeastOne').max(10, 'validation.invalid'),
      }),
    )
    .max(2000, 'validation.invalid'),
});
export type OperateAuthBindBody = z.infer<typeof operateAuthBindBody>;

export const operateAuthByAppQuery = z.strictObject({ applicationId: id, roleId: id });
export const operateAuthByAppsBody = z.strictObject({
  roleId: bodyId,
  applicationIds: z.array(z.number().int().positive()).max(2000, 'validation.invalid'),
});
