import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '@/contract/languages';
import { profileResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';
import { getProfile } from './get-profile';

/**
 * Saves the language on the signed-in member's account, so that their other devices, mail and notices follow it.
 * The profile's update takes the name and phone with it: they are sent as the account has them.
 */
export async function saveLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  const profile = await queryClient.fetchQuery({ queryKey: accountKeys.profile(), queryFn: () => getProfile() });
  if (profile.language === language) return;
  const saved = await apiRequest(apiPaths.userApi('/profile'), {
    method: 'PUT',
    auth: true,
    body: { name: profile.name, phone: profile.phone, language },
    schema: profileResponseSchema,
  });
  queryClient.setQueryData(accountKeys.profile(), saved.data);
}
