import { changePasswordForm, isStrongPassword } from '@farmsense/shared';

/**
 * The change-password form: the shared rules (required, 8+ characters, confirmation) plus the
 * server's strength rule (letters and digits, code 21014), checked before anything is sent.
 */
export const passwordChangeSchema = changePasswordForm.refine((v) => isStrongPassword(v.newPassword), {
  path: ['newPassword'],
  message: 'validation.passwordRule',
});
