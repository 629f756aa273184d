import { z } from 'zod';
import { endpoint, noAnswer } from '../contract.js';
import type { LoginFarmType } from '../permissions.js';
import {
  checkSecurePasswordBody,
  doLoginBody,
  doLoginWithCaptchaBody,
  updateCurrentBody,
  updatePasswordBody,
  updatePasswordParams,
  updateSecurePasswordBody,
} from '../schemas/auth.js';

const LOGIN_FARM_TYPES = ['all', 'pig', 'chicken'] as const satisfies readonly LoginFarmType[];

/** getConfig: the public key secrets are encrypted with (CONTRACT §3), the captcha switch, the version. */
export const configInfo = z.object({ publicKey: z.string(), captcha: z.boolean(), productVersion: z.string() });
export type ConfigInfo = z.infer<typeof configInfo>;

/** getCaptcha: a single-use code drawn as an SVG data URL, valid `expiresIn` seconds. */
export const captchaInfo = z.object({ captchaId: z.string(), image: z.string(), expiresIn: z.number() });
export type CaptchaInfo = z.infer<typeof captchaInfo>;

export const loginResult = z.object({ token: z.string(), mustChangePassword: z.boolean(), accountType: z.number() });
export type LoginResult = z.infer<typeof loginResult>;

/** getUserInfo: the signed-in account, the farms it sees and its farm mode. */
export const userInfo = z.object({
  id: z.number(),
  accountName: z.string(),
  accountCode: z.string(),
  phoneNo: z.string().nullable(),
  email: z.string().nullable(),
  accountType: z.number(),
  tenantId: z.number().nullable(),
  tenantName: z.string().nullable(),
  mustChangePassword: z.boolean(),
  hasSecurePassword: z.boolean(),
  farms: z.array(z.object({ id: z.number(), farmName: z.string(), type: z.number() })),
  loginFarmType: z.enum(LOGIN_FARM_TYPES),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * Sign-in, session and account self-service (SPEC §5 "Login and account"). Passwords and safe
 * codes travel as RSA-OAEP ciphertext; the server decrypts them in the handler, so the contract
 * declares them as the ciphertext text they are on the wire.
 */
export const authApi = {
  config: endpoint({
    method: 'GET',
    path: '/getConfig',
    summary: 'Public key for password transport, captcha switch, product version',
    answer: configInfo,
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/ssologin/login/getCaptcha',
    summary: 'Draw a single-use verification code (SVG data URL)',
    answer: captchaInfo,
  }),
  loginWithCaptcha: endpoint({
    method: 'POST',
    path: '/breedpigaccount/login/doLoginWithCaptcha',
    summary: 'Sign in with password and verification code',
    body: doLoginWithCaptchaBody,
    answer: loginResult,
  }),
  login: endpoint({
    method: 'POST',
    path: '/breedpigaccount/login/doLogin',
    summary: 'Sign in with password only (21005 while CAPTCHA=on, or for a name with many recent failures)',
    body: doLoginBody,
    answer: loginResult,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/breedpigaccount/login/doLogout',
    summary: 'Revoke the current session token',
    answer: noAnswer,
  }),
  userInfo: endpoint({
    method: 'GET',
    path: '/breedpigaccount/login/getUserInfo',
    summary: 'The signed-in account, its farms and farm mode',
    answer: userInfo,
  }),
  updatePassword: endpoint({
    method: 'PUT',
    path: '/accountauth/account/updatePassword/:id',
    summary: 'Change the own password (also the forced first-login change)',
    params: updatePasswordParams,
    body: updatePasswordBody,
    answer: noAnswer,
  }),
  hasSecurePassword: endpoint({
    method: 'POST',
    path: '/accountauth/account/hasSecurePassword',
    summary: 'Whether the account has set a safe code',
    answer: z.boolean(),
  }),
  updateSecurePassword: endpoint({
    method: 'POST',
    path: '/accountauth/account/updateSecurePassword',
    summary: 'Set or change the safe code (old code required once one exists)',
    body: updateSecurePasswordBody,
    answer: noAnswer,
  }),
  checkSecurePassword: endpoint({
    method: 'POST',
    path: '/accountauth/account/checkSecurePassword',
    summary: 'Check the safe code before a remote-control action',
    body: checkSecurePasswordBody,
    answer: z.boolean(),
  }),
  updateCurrent: endpoint({
    method: 'POST',
    path: '/breedpigaccount/account/updateCurrent',
    summary: 'Edit the own phone number and e-mail',
    body: updateCurrentBody,
    answer: noAnswer,
  }),
};
