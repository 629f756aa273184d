import { z } from 'zod';
import { INPUT_MAX_LENGTH } from '../constants.js';
import { cipherText, countParam, idParam, optionalText, plainString, requiredText } from './common.js';

/**
 * Sign-in and account self-service (SPEC §5 "Login and account"). Passwords and safe codes travel
 * as base64 RSA-OAEP ciphertext (CONTRACT §3): the wire schemas accept the ciphertext, the form
 * schemas check the plain text before it is encrypted.
 */
const cipher = cipherText;

export const loginForm = z.object({
  username: requiredText(),
  password: requiredText(),
  captchaCode: requiredText(10),
});
export type LoginForm = z.infer<typeof loginForm>;

export const doLoginBody = z.strictObject({ username: requiredText(), password: cipher });
export const doLoginWithCaptchaBody = doLoginBody.extend({
  captchaId: plainString(100).min(1, 'validation.required'),
  captchaCode: requiredText(10),
});

export const changePasswordForm = z
  .strictObject({
    oldPassword: requiredText(),
    newPassword: requiredText().pipe(z.string().min(8, 'validation.passwordTooShort')),
    confirmPassword: requiredText(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsDiffer' });

export const updatePasswordBody = z.strictObject({
  account: requiredText(),
  oldPassword: cipher,
  newPassword: cipher,
});
export const updatePasswordParams = z.strictObject({ id: idParam });

/** The password rule of the server (21014), for forms to check before sending. */
export const PASSWORD_MIN_LENGTH = 8;
export function isStrongPassword(plain: string): boolean {
  return plain.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(plain) && /[0-9]/.test(plain);
}

export const safeCodeForm = (hasOld: boolean) =>
  z
    .strictObject({
      oldPassword: hasOld ? requiredText() : z.string().optional(),
      newPassword: requiredText(),
      confirmPassword: requiredText(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.codesDiffer' });

export const updateSecurePasswordBody = z.strictObject({ oldPassword: cipher.optional(), newPassword: cipher });
export const checkSecurePasswordBody = z.strictObject({ securePassword: cipher });

export const updateCurrentBody = z.strictObject({
  phoneNo: requiredText().pipe(z.string().regex(/^\+?[0-9][0-9 -]{3,}$/, 'validation.phone')),
  email: optionalText().pipe(z.email('validation.email').max(INPUT_MAX_LENGTH).optional()),
});
export type UpdateCurrentBody = z.infer<typeof updateCurrentBody>;

export const saveActLogBody = z.strictObject({ modeCode: requiredText(100) });
export const queryParamBody = z.strictObject({
  pageNo: countParam(1).default(1),
  pageSize: countParam(1, 1000).default(100),
  paramGroupCode: requiredText(),
});
export const defaultApplicationBody = z.strictObject({ applicationInfoId: idParam });
