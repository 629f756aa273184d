import type { AccessScope } from '../lib/access.js';
import type { SessionAccount } from '../lib/sessions.js';

/**
 * Who is calling: the signed-in account (or API access code) with what it may reach. The auth
 * guard (plugins/auth.ts) sets it on `req.auth`; the access scope (scope.ts) extends it.
 */
export interface AuthContext extends SessionAccount, AccessScope {
  /** Set when the call came with an API access code instead of a session (lib/api-access.ts). */
  via?: 'api';
}
