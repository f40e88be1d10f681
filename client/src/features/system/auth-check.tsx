/**
 * /auth: the sign-in is confirmed with the server (the profile, read with the token) and the user is
 * sent on to `?to=` (a path of this application) or the home page. Links from mail or other systems
 * point here; without a valid token the guard has already sent the visitor to the login page.
 */
import { useGetIdentity } from '@refinedev/core';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useProfileErrors } from '../../app/providers/use-profile.js';
import type { Profile } from '../../app/providers/profile.js';
import { useT } from '../../app/providers/translate.js';
import { nextPath } from './check-rules.js';

export default function AuthCheck() {
  const { t } = useT();
  // The profile as the server answers it now, not the one kept from the last sign-in.
  const { data: profile, error, isFetching } = useGetIdentity<Profile>();
  useProfileErrors(error);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (profile && !isFetching) navigate(nextPath(params.get('to')), { replace: true });
  }, [profile, isFetching, params, navigate]);
  return <Spin tip={t('system.auth.checking')} data-testid="auth-checking" style={{ display: 'block', margin: '80px auto' }} />;
}
