import { z } from 'zod';
import { TENANT_MODULES } from '../grants.js';
import { dateTimeInput, absentIfBlank } from './time.js';
import { cipherText, countParam, idParam, isFreeText, optionalText, pageQuery, plainString, requiredText } from './common.js';
import { isStrongPassword } from './auth.js';

/**
 * The platform back office (SPEC §3 Tenant, System authorization, API authorization): tenants,
 * their administrator account, system authorization and API authorization. Only the platform
 * account (application code `platform.tenants`) reaches these calls. The answers and the endpoints
 * are declared in ../tenants/endpoints.ts.
 */
const id = idParam;
const ids = z.array(z.number().int().positive()).max(1000);
/** A cap or count: a positive integer, or null / absent for unlimited. */
const cap = z
  .number({ error: 'validation.positiveInteger' })
  .int('validation.positiveInteger')
  .positive('validation.positiveInteger')
  .max(1_000_000, 'validation.positiveInteger')
  .nullish()
  .transform((v) => v ?? null);
const years = z
  .number({ error: 'validation.positiveInteger' })
  .int('validation.positiveInteger')
  .min(1, 'validation.positiveInteger')
  .max(100, 'validation.invalid')
  .nullish()
  .transform((v) => v ?? null);
const moment = dateTimeInput.nullish().transform((v) => v ?? null);
/** An empty selection means "not limited", like an absent one. */
const optionalIds = ids.nullish().transform((v) => (v && v.length > 0 ? [...new Set(v)] : null));

const phone = optionalText().pipe(
  z
    .string()
    .regex(/^\+?[0-9][0-9 -]{3,}$/, 'validation.phone')
    .optional(),
);
export const tenantModules = z
  .array(z.enum(TENANT_MODULES, { error: 'validation.invalid' }))
  .min(1, 'validation.selectAtLeastOne')
  .max(TENANT_MODULES.length * 2, 'validation.invalid')
  .transform((v) => [...new Set(v)]);
const cipher = cipherText;

export const tenantPageQuery = pageQuery.extend({
  keyword: optionalText(),
  status: absentIfBlank(countParam(0, 1)),
});
export type TenantPageQuery = z.infer<typeof tenantPageQuery>;

const tenantFields = {
  name: requiredText(),
  contact: optionalText(),
  phone,
  address: optionalText(),
  modules: tenantModules,
};

export const tenantAddBody = z.strictObject({
  ...tenantFields,
  adminAccountCode: requiredText().pipe(z.string().regex(/^\S+$/, 'validation.invalid')),
  adminAccountName: requiredText(),
  /** base64 RSA-OAEP ciphertext, like the sign-in password (CONTRACT §3). */
  adminPassword: cipher,
});
export type TenantAddBody = z.infer<typeof tenantAddBody>;

const passwordsTyped = (p: { value: unknown }): boolean => {
  const v = p.value as { adminPassword?: unknown; confirmPassword?: unknown } | null;
  return typeof v?.adminPassword === 'string' && v.adminPassword.trim() !== '' && typeof v.confirmPassword === 'string';
};

/**
 * The add form in the browser: the administrator's initial password in clear with its
 * confirmation and the password rule (21014), checked before it is encrypted and sent.
 */
export const tenantAddForm = tenantAddBody
  .omit({ adminPassword: true })
  .extend({ adminPassword: requiredText(), confirmPassword: requiredText() })
  // The password checks run whatever the other fields hold, so every problem shows at once.
  .refine((v) => isStrongPassword(v.adminPassword), { path: ['adminPassword'], message: 'validation.passwordRule', when: passwordsTyped })
  .refine((v) => v.adminPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDiffer',
    when: passwordsTyped,
  });

export const tenantEditBody = z.strictObject({ id, ...tenantFields });
export type TenantEditBody = z.infer<typeof tenantEditBody>;

export const tenantStatusBody = z.strictObject({
  ids: ids.min(1, 'validation.selectAtLeastOne'),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }),
});
export type TenantStatusBody = z.infer<typeof tenantStatusBody>;

export const tenantIdQuery = z.strictObject({ tenantId: id });

/** Validity: a number of years (from the start, or from the moment of saving), or a start and an end. */
export const systemAuthBody = z.strictObject({
  tenantId: id,
  accountValidYears: years,
  accountValidStartDateTime: moment,
  accountValidEndDateTime: moment,
  userNum: cap,
  farmNum: cap,
  deviceNum: cap,
  isOpenAPI: z.boolean({ error: 'validation.invalid' }).default(false),
  allowAccounts: optionalIds,
});
export type SystemAuthBody = z.infer<typeof systemAuthBody>;

export const API_VISIT_WAYS = ['http', 'https', 'both'] as const;
export type ApiVisitWay = (typeof API_VISIT_WAYS)[number];

export const apiAuthBody = z.strictObject({
  tenantId: id,
  apiValidYears: years,
  apiValidStartDateTime: moment,
  apiValidEndDateTime: moment,
  apiVisitWay: z.enum(API_VISIT_WAYS, { error: 'validation.invalid' }).default('both'),
  /** Comma-separated IPv4 / IPv6 addresses or CIDR ranges; empty = any address (200324 when malformed). */
  ipAddress: z
    .string()
    .refine(isFreeText, 'validation.invalidCharacters')
    .trim()
    .max(2000, 'validation.maxLength')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Generates a new access code, returned once in this answer. */
  regenerate: z.boolean().default(false),
  apiVisitTimes: cap,
  allowAccounts: optionalIds,
  functions: z
    .array(plainString(100).trim().min(1))
    .max(1000)
    .nullish()
    .transform((v) => (v && v.length > 0 ? [...new Set(v)] : null)),
  farms: optionalIds,
});
export type ApiAuthBody = z.infer<typeof apiAuthBody>;
