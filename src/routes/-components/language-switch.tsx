import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { languageNames, pathInLanguage } from '@/contract/languages';
import { useAppStore } from '@/lib/app-store';
import { rememberLanguage } from '@/lib/language-choice';
import { getLocale } from '@/paraglide/runtime';

/**
 * The switch to the same page in the other language, named in that language's own script ("हिन्दी", "English").
 * A plain link, so that it works before the app has started: the other language is another address, loaded whole.
 * The choice is remembered on the device and, for a member, on the account (saved before the page changes).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const signedIn = useAppStore((state) => state.signedIn);
  const href = useRouterState({ select: (state) => state.location.href });
  const other = getLocale() === 'en' ? 'hi' : 'en';
  const target = pathInLanguage(href, other);
  return (
    <a
      href={target}
      hrefLang={other}
      lang={other}
      className={className}
      data-language-switch
      onClick={(event) => {
        rememberLanguage(other);
        if (!signedIn) return;
        event.preventDefault();
        // Offline or refused, the device keeps the choice; the account keeps its own until the next switch.
        void import('@/features/auth/api/save-language')
          .then(({ saveLanguage }) => saveLanguage(queryClient, other))
          .catch(() => undefined)
          .finally(() => window.location.assign(target));
      }}
    >
      {languageNames[other]}
    </a>
  );
}
