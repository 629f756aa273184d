import { directoryApi, PAGE_SIZES, portalApi, type AnswerOf } from '@farmsense/shared';
import { call } from './call';
import { request } from './client';
import type { AccountOption, AppConfig, AreaCode, Captcha, FarmInfo, LoginResult, UserInfo } from './types';

/** Calls of the sign-in, session and shell (docs/API-FOUNDATION.md). Ciphertext fields are pre-encrypted. */
export const sessionApi = {
  getConfig: (): Promise<AppConfig> => request('/getConfig', { global: true }),
  getCaptcha: (): Promise<Captcha> => request('/ssologin/login/getCaptcha'),
  doLogin: (body: { username: string; password: string }): Promise<LoginResult> =>
    request('/breedpigaccount/login/doLogin', { method: 'POST', body, global: true }),
  doLoginWithCaptcha: (body: { username: string; password: string; captchaId: string; captchaCode: string }): Promise<LoginResult> =>
    request('/breedpigaccount/login/doLoginWithCaptcha', { method: 'POST', body, global: true }),
  doLogout: (): Promise<null> => request('/breedpigaccount/login/doLogout', { method: 'POST', global: true }),
  getUserInfo: (): Promise<UserInfo> => request('/breedpigaccount/login/getUserInfo', { global: true }),
  updatePassword: (id: number, body: { account: string; oldPassword: string; newPassword: string }): Promise<null> =>
    request(`/accountauth/account/updatePassword/${id}`, { method: 'PUT', body, global: true }),
  updateSecurePassword: (body: { oldPassword?: string; newPassword: string }): Promise<null> =>
    request('/accountauth/account/updateSecurePassword', { method: 'POST', body, global: true }),
  updateCurrent: (body: { phoneNo: string; email?: string }): Promise<null> =>
    request('/breedpigaccount/account/updateCurrent', { method: 'POST', body, global: true }),
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
