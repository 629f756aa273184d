import { z } from 'zod';
import { AREA_CODES, INPUT_MAX_LENGTH } from '../constants.js';
import { isStrongPassword } from './auth.js';
import { absentIfBlank, textFilter } from './time.js';
import { cipherText, countParam, idParam, optionalText, pageQuery, requiredText } from './common.js';

/**
 * Account administration (SPEC §3 Account, §5 "Login and account", §7 "Roles and accounts").
 * Wire bodies carry the initial password as RSA ciphertext (CONTRACT §3); `accountAddForm` checks
 * the plain text in the browser before it is encrypted, with the same rules the server applies.
 * The answers and the endpoints are declared in ../accounts/endpoints.ts.
 */
const id = idParam;
/** Ids in JSON bodies are numbers; only query strings and paths are coerced from text. */
const bodyId = z.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.required');
const idList = z
  .array(z.number({ error: 'validation.invalid' }).int('validation.invalid').positive('validation.invalid'), {
    error: 'validation.invalid',
  })
  .max(1000, 'validation.invalid')
  .transform((v) => [...new Set(v)]);
const cipher = cipherText;

export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{3,}$/;
/** Required phone number (SPEC §5 "Edit account: phoneNo required"). */
export const phoneText = requiredText().pipe(z.string().regex(PHONE_PATTERN, 'validation.phone'));
/** One of the calling codes the forms offer (`AREA_CODES`). */
export const areaCodeText = requiredText(8).refine((v) => AREA_CODES.some((a) => a.code === v), 'validation.invalid');
const optionalAreaCode = absentIfBlank(areaCodeText);
const email = optionalText().pipe(z.email('validation.email').max(INPUT_MAX_LENGTH, 'validation.maxLength').optional());
/** The sign-in name: no spaces, compared and stored in lower case. */
const accountCode = requiredText()
  .pipe(z.string().regex(/^\S+$/, 'validation.invalid'))
  .transform((v) => v.toLowerCase());

/** Accounts a tenant administrator creates: 2 ordinary, 3 farm super-administrator (SPEC §6). */
export const MANAGED_ACCOUNT_TYPES = [2, 3] as const;
const accountType = z.union([z.literal(2), z.literal(3)], { error: 'validation.invalid' });
export const GENDERS = [0, 1, 2] as const; // 0 unspecified, 1 male, 2 female
const gender = absentIfBlank(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.invalid' }));
const status = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' });

const profileFields = {
  accountName: requiredText(),
  phoneNo: phoneText,
  email,
  name: optionalText(),
  gender,
  jobNo: optionalText(),
  areaCode: optionalAreaCode,
};

export const accountAddBody = z.strictObject({
  accountCode,
  ...profileFields,
  /** Initial password, base64 RSA-OAEP; the account must change it at first sign-in. */
  password: cipher,
  accountType: accountType.default(2),
  roleIds: idList.default([]),
  farmIds: idList.default([]),
});
export type AccountAddBody = z.infer<typeof accountAddBody>;

/** The add form in the browser: the plain password, its confirmation and the password rule. */
export const accountAddForm = accountAddBody
  .omit({ password: true })
  .extend({ password: requiredText(), confirmPassword: requiredText() })
  .refine((v) => isStrongPassword(v.password), { path: ['password'], message: 'validation.passwordRule' })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsDiffer' });

/**
 * Edit: the profile fields are replaced as sent (a blank optional field is cleared); `password`
 * resets the password (forcing a change at next sign-in); roleIds / farmIds replace when present.
 */
export const accountUpdateBody = z.strictObject({
  id: bodyId,
  ...profileFields,
  accountType: accountType.optional(),
  password: cipher.optional(),
  roleIds: idList.optional(),
  farmIds: idList.optional(),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

export const accountListQuery = pageQuery.extend({
  keyword: textFilter(),
  roleId: absentIfBlank(id),
  status: absentIfBlank(countParam().pipe(status)),
  farmId: absentIfBlank(id),
});
export type AccountListQuery = z.infer<typeof accountListQuery>;

export const accountIdParams = z.strictObject({ id });
export const accountIdQuery = z.strictObject({ accountId: id });

export const accountBanBody = z.strictObject({ ids: idList.pipe(z.array(z.number()).min(1, 'validation.selectAtLeastOne')), status });
export type AccountBanBody = z.infer<typeof accountBanBody>;

export const accountRoleEditBody = z.strictObject({ accountId: bodyId, roleIds: idList });
export const farmAuthorizeBody = z.strictObject({ accountId: bodyId, farmIds: idList });

/**
 * Farm, shed and pen authorization. Per farm: no sheds and no pens = the whole farm; sheds = only
 * those sheds; pens = only those pens of their sheds (their sheds are authorized implicitly).
 */
export const farmAndShedAuthorizationBody = z.strictObject({
  accountId: bodyId,
  farms: z
    .array(z.strictObject({ farmId: bodyId, shedIds: idList.optional(), penIds: idList.optional() }), { error: 'validation.invalid' })
    .max(1000, 'validation.invalid'),
});
export type FarmAndShedAuthorizationBody = z.infer<typeof farmAndShedAuthorizationBody>;
