import { useGetIdentity, useOnError } from '@refinedev/core';
import { useEffect } from 'react';
import type { Profile } from './profile.js';
import { getUser } from './session.js';
import { toast } from './toast.js';

/**
 * How long the server's profile serves every screen that asks for it. Each page, menu and form asks
 * as it mounts; fresh for no time, the profile was read again on every page (twice on a first load).
 * The server checks every request against the user as they are now, so a menu up to a minute behind
 * a change of level shows no more than the server allows; a revoked token answers 401 on the page's
 * own requests and signs the user out. /auth (features/system/auth-check.tsx) still reads it anew.
 */
export const PROFILE_FRESH_MS = 60_000;

/** The logged-in user: the server's answer once loaded, the stored copy until then. */
export function useProfile() {
  const { data, isLoading, error } = useGetIdentity<Profile>({ queryOptions: { staleTime: PROFILE_FRESH_MS } });
  return { profile: data ?? getUser() ?? undefined, isLoading, error };
}

/** A failed profile fetch is shown, and a 401/403 logs out (the auth provider's onError). */
export function useProfileErrors(error: unknown): void {
  const { mutate: onError } = useOnError();
  useEffect(() => {
    if (!error) return;
    toast.error(error instanceof Object && 'message' in error ? String(error.message) : String(error), 'profile');
    onError(error);
  }, [error, onError]);
}
