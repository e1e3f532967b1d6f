import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppStore } from '@/lib/app-store';
import { profileQueryOptions } from '../api/get-profile';

/** While signed in, keeps the global userProfile in step with the server's profile. */
export function useSessionProfile(): void {
  const signedIn = useAppStore((state) => state.signedIn);
  const { data } = useQuery(profileQueryOptions(signedIn));
  const setUserProfile = useAppStore((state) => state.setUserProfile);

  useEffect(() => {
    if (signedIn && data) {
      setUserProfile({
        id: data.id,
        name: data.name,
        email: data.email,
        phone: data.phone,
        role: data.role,
        email_confirmed: data.email_confirmed,
        phone_confirmed: data.phone_confirmed,
      });
    }
  }, [data, signedIn, setUserProfile]);
}
