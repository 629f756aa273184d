import { z } from 'zod';
import { get, noAnswer, post, put } from '../contract.js';
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
  config: get('/getConfig', 'Public key for password transport, captcha switch, product version', { answer: configInfo }),
  captcha: get('/ssologin/login/getCaptcha', 'Draw a single-use verification code (SVG data URL)', { answer: captchaInfo }),
  loginWithCaptcha: post('/breedpigaccount/login/doLoginWithCaptcha', 'Sign in with password and verification code', {
    body: doLoginWithCaptchaBody,
    answer: loginResult,
  }),
  login: post(
    '/breedpigaccount/login/doLogin',
    'Sign in with password only (21005 while CAPTCHA=on, or for a name with many recent failures)',
    { body: doLoginBody, answer: loginResult },
  ),
  logout: post('/breedpigaccount/login/doLogout', 'Revoke the current session token', { answer: noAnswer }),
  userInfo: get('/breedpigaccount/login/getUserInfo', 'The signed-in account, its farms and farm mode', { answer: userInfo }),
  updatePassword: put('/accountauth/account/updatePassword/:id', 'Change the own password (also the forced first-login change)', {
    params: updatePasswordParams,
    body: updatePasswordBody,
    answer: noAnswer,
  }),
  hasSecurePassword: post('/accountauth/account/hasSecurePassword', 'Whether the account has set a safe code', { answer: z.boolean() }),
  updateSecurePassword: post(
    '/accountauth/account/updateSecurePassword',
    'Set or change the safe code (old code required once one exists)',
    { body: updateSecurePasswordBody, answer: noAnswer },
  ),
  checkSecurePassword: post('/accountauth/account/checkSecurePassword', 'Check the safe code before a remote-control action', {
    body: checkSecurePasswordBody,
    answer: z.boolean(),
  }),
  updateCurrent: post('/breedpigaccount/account/updateCurrent', 'Edit the own phone number and e-mail', {
    body: updateCurrentBody,
    answer: noAnswer,
  }),
};
