import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { asLanguage, BASE_LANGUAGE, pathInLanguage } from '@/contract/languages';
import { useAppStore } from '@/lib/app-store';
import { rememberedLanguage, rememberLanguage } from '@/lib/language-choice';
import { getLocale } from '@/paraglide/runtime';
import { profileQueryOptions } from '../api/get-profile';

/**
 * While signed in, keeps the global userProfile in step with the server's profile. A device that has no language of
 * its own follows the account's, chosen on another device: it remembers it and opens this page in it. An account's
 * default English is no choice, and takes no one out of a Hindi page (docs/manual/languages.md).
 */
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
      const chosen = asLanguage(data.language);
      if (chosen && chosen !== BASE_LANGUAGE && chosen !== getLocale() && rememberedLanguage() === null) {
        rememberLanguage(chosen);
        const { pathname, search, hash } = window.location;
        window.location.replace(pathInLanguage(pathname + search + hash, chosen));
      }
    }
  }, [data, signedIn, setUserProfile]);
}
