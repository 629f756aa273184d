import { authApi, directoryApi, PAGE_SIZES, portalApi, type AnswerOf, type InputOf } from '@farmsense/shared';
import { call } from './call';
import type { AccountOption, AppConfig, AreaCode, Captcha, FarmInfo, LoginResult, UserInfo } from './types';

/**
 * Calls of the sign-in, session and shell (contracts: packages/shared/src/auth, portal and
 * directory endpoints.ts). Ciphertext fields arrive here already encrypted.
 */
export const sessionApi = {
  getConfig: (): Promise<AppConfig> => call(authApi.config, {}, { global: true }),
  getCaptcha: (): Promise<Captcha> => call(authApi.captcha, {}),
  doLogin: (body: InputOf<typeof authApi.login>['body']): Promise<LoginResult> => call(authApi.login, { body }, { global: true }),
  doLoginWithCaptcha: (body: InputOf<typeof authApi.loginWithCaptcha>['body']): Promise<LoginResult> =>
    call(authApi.loginWithCaptcha, { body }, { global: true }),
  doLogout: (): Promise<null> => call(authApi.logout, {}, { global: true }),
  getUserInfo: (): Promise<UserInfo> => call(authApi.userInfo, {}, { global: true }),
  updatePassword: (id: number, body: InputOf<typeof authApi.updatePassword>['body']): Promise<null> =>
    call(authApi.updatePassword, { params: { id }, body }, { global: true }),
  updateSecurePassword: (body: InputOf<typeof authApi.updateSecurePassword>['body']): Promise<null> =>
    call(authApi.updateSecurePassword, { body }, { global: true }),
  updateCurrent: (body: InputOf<typeof authApi.updateCurrent>['body']): Promise<null> =>
    call(authApi.updateCurrent, { body }, { global: true }),
  // The shell's portal calls (contracts: packages/shared/src/portal/endpoints.ts).
  roleApplicationTree2: (wholeFarmType: 1 | 2): Promise<AnswerOf<typeof portalApi.treeByMode>> =>
    call(portalApi.treeByMode, { body: { wholeFarmType } }, { global: true }),
  queryLogo: (): Promise<AnswerOf<typeof portalApi.queryParam>> =>
    call(portalApi.queryParam, { body: { pageNo: 1, pageSize: PAGE_SIZES.languageList, paramGroupCode: 'LOGO' } }, { global: true }),
  getUserDefaultModule: (userAccount: string): Promise<AnswerOf<typeof portalApi.userDefaultModule>> =>
    call(portalApi.userDefaultModule, { query: { userAccount } }, { global: true }),
  getSystemAuth: (): Promise<AnswerOf<typeof portalApi.systemAuth>> => call(portalApi.systemAuth, {}),
  saveActLog: (modeCode: string): Promise<null> => call(portalApi.saveActLog, { body: { modeCode } }, { global: true }),
  // Session reference lists load in the background: a refusal must not end the session.
  areaCode: (): Promise<AreaCode[]> => call(directoryApi.areaCodes, {}, { global: true, quiet: true }),
  farmList: (): Promise<FarmInfo[]> => call(directoryApi.farms, {}, { global: true, quiet: true }),
  queryAllAccount: (): Promise<AccountOption[]> => call(directoryApi.accounts, {}, { global: true, quiet: true }),
};
