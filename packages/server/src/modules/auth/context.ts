import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CaptchaStore } from './captcha.js';
import type { TransportKeys } from '../../lib/transport-crypto.js';

/** What the auth module's route files share: one key pair and one captcha store per app. */
export interface AuthModuleContext {
  db: Db;
  config: Config;
  keys: () => Promise<TransportKeys>;
  captchas: CaptchaStore;
}
