import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { useLogout } from '@/features/auth/api/logout';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { DataRequestForm } from '@/features/returns/components/data-request-form';
import { common_log_out } from '@/paraglide/messages/common_log_out.js';
import { common_profile_failed } from '@/paraglide/messages/common_profile_failed.js';
import { common_profile_loading } from '@/paraglide/messages/common_profile_loading.js';

function ProfileRoute() {
  const profile = useQuery(profileQueryOptions(true));
  const logout = useLogout();
  const navigate = useNavigate();
  if (!profile.data) {
    return (
      <PageContainer>
        {profile.isError ? (
          <LoadError
            title={common_profile_failed()}
            error={profile.error}
            what="profile"
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <LoadingState label={common_profile_loading()} />
        )}
      </PageContainer>
    );
  }
  return (
    <ProfilePage
      profile={profile.data}
      onDeleted={() => void navigate({ to: '/' })}
      dataRequest={<DataRequestForm />}
      logoutButton={
        <Button
          variant="default"
          loading={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
        >
          {common_log_out()}
        </Button>
      }
    />
  );
}

export const Route = createFileRoute('/_account/profile')({ component: ProfileRoute });
