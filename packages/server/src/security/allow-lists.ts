/**
 * The explicit exceptions of the enforcement matrix, by "METHOD /api/path" as the OpenAPI document
 * names them. Every other route must declare the application code it serves (`config.app`), and
 * the matrix test fails for a route that does neither, so no route ships without a permission
 * check by accident. Entries that no longer match a route fail the test too (no stale entries).
 */

/** No session at all: configuration, captcha, sign-in and the health probe. */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/getConfig',
  'GET /api/ssologin/login/getCaptcha',
  'POST /api/breedpigaccount/login/doLogin',
  'POST /api/breedpigaccount/login/doLoginWithCaptcha',
  'GET /api/health',
  // The one-time acknowledge link of an alarm message: the token is the credential (alarms/push).
  'GET /api/warning/push/ack/{token}',
  'POST /api/warning/push/ack/{token}',
  'POST /api/warning/push/voice/{token}',
]);
/** The Swagger UI and document (/api/docs/*) are public too; they are not part of the document itself. */
export const DOCS_PREFIX = '/api/docs';

/**
 * A session but no particular application code: what every signed-in account needs whatever its
 * role, each answer cut to the caller's own account, tenant, farms, sheds and pens.
 */
export const SESSION_ONLY_ROUTES: ReadonlySet<string> = new Set([
  // Sign-out and the signed-in account's own profile, password and safe code (modules/auth).
  'POST /api/breedpigaccount/login/doLogout',
  'GET /api/breedpigaccount/login/getUserInfo',
  'PUT /api/accountauth/account/updatePassword/{id}',
  'POST /api/accountauth/account/hasSecurePassword',
  'POST /api/accountauth/account/updateSecurePassword',
  'POST /api/accountauth/account/checkSecurePassword',
  'POST /api/breedpigaccount/account/updateCurrent',
  // The console shell (modules/portal): menu tree, operation rights, parameters, default page,
  // the tenant's authorization views, the visit log.
  'POST /api/breedpigbuilding/applicationInfo/roleApplicationTree',
  'POST /api/breedpigbuilding/applicationInfo/roleApplicationTree2',
  'POST /api/accountauth/operateAuth/getLoginedAccountOperateAuth',
  'POST /api/breedpigbuilding/operation/queryParam',
  'GET /api/portalmanage/defaultApplication/get',
  'POST /api/portalmanage/defaultApplication/set',
  'POST /api/portalmanage/defaultApplication/cancel',
  'GET /api/user/defaultmodule/getUserDefaultModule',
  'GET /api/breedpigdevice/pigFarmManagePlus/getSystemAuth',
  'GET /api/breedpigbuilding/pigFarmManagePlus/getApiAuth',
  'POST /api/breedpigbuilding/breedUserActLog/saveActLog',
  // Directory pickers (modules/directory): area codes, farms, sheds, people of the caller's scope.
  'GET /api/breedpigaccount/account/areaCode',
  'GET /api/breedpigbuilding/farmInfo/list',
  'POST /api/breedpigaccount/account/queryAllAccount',
  'GET /api/breedpigbuilding/shedInfo/list',
  'GET /api/breedpigbuilding/fieldLevel/farmInfo/authList',
  'GET /api/breedpigbuilding/fieldLevel/shedInfo/authList',
  'GET /api/breedpigbuilding/fieldLevel/shedInfo/shedInfoList',
  // Shed and pen pickers every page that picks a pen uses (modules/sheds).
  'POST /api/breedpigbuilding/shed/queryFields',
  'POST /api/breedpigbuilding/shed/qdslHierarchicalQuery',
  'POST /api/breedpigbuilding/shed/lieHaoSelect',
]);

/**
 * Routes that check the caller in their handler instead of through `config.app`; the matrix
 * still expects 10009 from them for an account without the function.
 */
export const HANDLER_GUARDED_ROUTES: ReadonlyMap<string, string> = new Map([
  // Public at the guard so an EventSource ticket can stand in for the token header; the handler
  // resolves token or ticket (10002) and requires an environment viewing code (10009).
  ['GET /api/telemetry/stream', 'token or ticket and environment viewing codes checked in the handler'],
  // Ingest counters of the whole platform: administrators only, whatever their codes.
  ['GET /api/telemetry/ingestStats', 'platform or tenant administrators only, checked in the handler'],
]);

/**
 * Operations for which the generator cannot build a request that the route's own schema accepts,
 * with the reason. They still get every case of the matrix; only the check that the generated
 * request is valid is waived. Keep this short: prefer teaching the generator (world.ts hints).
 */
export const UNSATISFIABLE_ROUTES: ReadonlyMap<string, string> = new Map<string, string>([]);

/** "Not found / not yours" answers: the caller learns nothing about the ids it sent. */
export const REFUSAL_CODES: ReadonlySet<number> = new Set([10007, 30001, 30004, 20002, 20084, 10009, 10011, 99996]);
