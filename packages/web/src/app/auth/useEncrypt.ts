import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { encryptText } from '../api/crypto';
import { sessionApi } from '../api/sessionApi';
import { toast } from '../api/toast';
import { i18n } from '../i18n/i18n';
import { QK } from './queries';

/**
 * Encrypts secrets with the server's public key (getConfig, cached for the page's lifetime).
 * Resolves null after telling the user when encryption fails (e.g. a malformed key), so callers
 * simply stop.
 */
export function useEncrypt(): (plain: string) => Promise<string | null> {
  const client = useQueryClient();
  return useCallback(
    async (plain: string) => {
      const config = await client.fetchQuery({ queryKey: QK.config, queryFn: sessionApi.getConfig, staleTime: Infinity });
      try {
        return await encryptText(plain, config.publicKey);
      } catch {
        toast.error(i18n.t('encryptFailed', { ns: 'auth' }));
        return null;
      }
    },
    [client],
  );
}
