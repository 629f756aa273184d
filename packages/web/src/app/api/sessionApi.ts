import { PAGE_SIZES } from '@farmsense/shared';
import { request } from './client';
import type {
  AccountOption,
  AppConfig,
  AppTreeNode,
  AreaCode,
  Captcha,
  DefaultModule,
  FarmInfo,
  LoginResult,
  ParamRow,
  SystemAuth,
  UserInfo,
} from './types';
import type { Page } from '@farmsense/shared';

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
  roleApplicationTree2: (wholeFarmType: 1 | 2): Promise<AppTreeNode[]> =>
    request('/breedpigbuilding/applicationInfo/roleApplicationTree2', { method: 'POST', body: { wholeFarmType }, global: true }),
  queryLogo: (): Promise<Page<ParamRow>> =>
    request('/breedpigbuilding/operation/queryParam', {
      method: 'POST',
      body: { pageNo: 1, pageSize: PAGE_SIZES.languageList, paramGroupCode: 'LOGO' },
      global: true,
    }),
  getUserDefaultModule: (userAccount: string): Promise<DefaultModule | null> =>
    request('/user/defaultmodule/getUserDefaultModule', { query: { userAccount }, global: true }),
  getSystemAuth: (): Promise<SystemAuth> => request('/breedpigdevice/pigFarmManagePlus/getSystemAuth'),
  saveActLog: (modeCode: string): Promise<null> =>
    request('/breedpigbuilding/breedUserActLog/saveActLog', { method: 'POST', body: { modeCode }, global: true }),
  // Session reference lists load in the background: a refusal must not end the session.
  areaCode: (): Promise<AreaCode[]> => request('/breedpigaccount/account/areaCode', { global: true, quiet: true }),
  farmList: (): Promise<FarmInfo[]> => request('/breedpigbuilding/farmInfo/list', { global: true, quiet: true }),
  queryAllAccount: (): Promise<AccountOption[]> =>
    request('/breedpigaccount/account/queryAllAccount', { method: 'POST', body: {}, global: true, quiet: true }),
};
