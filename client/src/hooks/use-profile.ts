import { useGetIdentity, useOnError } from '@refinedev/core';
import { useEffect } from 'react';
import type { Profile } from '../providers/profile.js';
import { getUser } from '../providers/session.js';
import { toast } from '../providers/toast.js';

/** The logged-in user: the server's answer once loaded, the stored copy until then. */
export function useProfile() {
  const { data, isLoading, error } = useGetIdentity<Profile>();
  return { profile: data ?? getUser() ?? undefined, isLoading, error };
}

/** A failed profile fetch is shown, and a 401/403 logs out (the auth provider's onError). */
export function useProfileErrors(error: unknown): void {
  const { mutate: onError } = useOnError();
  useEffect(() => {
    if (!error) return;
    toast.error(error instanceof Object && 'message' in error ? String(error.message) : String(error), 'profile');
    onError(error);
  }, [error]);
}
