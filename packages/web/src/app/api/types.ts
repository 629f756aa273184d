/**
 * Answer shapes of the foundation API, as declared by the shared package (the contract); the web
 * names them once here so call sites do not depend on where in shared they live.
 */
export type {
  AccountOption,
  AppTreeNode,
  AreaCode,
  LoginResult,
  ParamRow,
  UserInfo,
  CaptchaInfo as Captcha,
  ConfigInfo as AppConfig,
  FarmListItem as FarmInfo,
  SystemAuthView as SystemAuth,
  ShedOverviewRow,
  ShedGateway,
} from '@farmsense/shared';
