import { useCallback } from 'react';
import { sessionApi } from '../api/sessionApi';
import type { UserInfo } from '../api/types';
import { useEncrypt } from './useEncrypt';

/** Encrypts old and new password and calls updatePassword for the signed-in account. */
export function usePasswordChange(): (user: Pick<UserInfo, 'id' | 'accountCode'>, oldPlain: string, newPlain: string) => Promise<boolean> {
  const encrypt = useEncrypt();
  return useCallback(
    async (user, oldPlain, newPlain) => {
      const oldPassword = await encrypt(oldPlain);
      const newPassword = await encrypt(newPlain);
      if (!oldPassword || !newPassword) return false;
      await sessionApi.updatePassword(user.id, { account: user.accountCode, oldPassword, newPassword });
      return true;
    },
    [encrypt],
  );
}
