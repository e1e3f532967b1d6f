import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { useLogout } from '@/features/auth/api/logout';
import { ProfilePage } from '@/features/profile/components/profile-page';

function ProfileRoute() {
  const profile = useQuery(profileQueryOptions(true));
  const logout = useLogout();
  const navigate = useNavigate();
  if (!profile.data) {
    return (
      <PageContainer>
        {profile.isError ? (
          <LoadError
            title="Your profile could not be loaded"
            error={profile.error}
            what="profile"
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <LoadingState label="Loading your profile" />
        )}
      </PageContainer>
    );
  }
  return (
    <ProfilePage
      profile={profile.data}
      onDeleted={() => void navigate({ to: '/' })}
      logoutButton={
        <Button
          variant="default"
          loading={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
        >
          Log out
        </Button>
      }
    />
  );
}

export const Route = createFileRoute('/_account/profile')({ component: ProfileRoute });
