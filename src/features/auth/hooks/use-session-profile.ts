import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppStore } from '@/lib/app-store';
import { getAccessToken } from '@/lib/session';
import { profileQueryOptions } from '../api/get-profile';

/** When a token is stored, loads the user into the global userProfile; a rejected token clears it. */
export function useSessionProfile(): void {
  const hasToken = getAccessToken() !== null;
  const { data, isError } = useQuery(profileQueryOptions(hasToken));
  const setUserProfile = useAppStore((state) => state.setUserProfile);
  const clearUserProfile = useAppStore((state) => state.clearUserProfile);

  useEffect(() => {
    if (data) setUserProfile(data);
    else if (isError || !hasToken) clearUserProfile();
  }, [data, isError, hasToken, setUserProfile, clearUserProfile]);
}
