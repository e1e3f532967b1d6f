import { Button, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';
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
        <Group justify="center" py="xl">
          <Loader aria-label="Loading your profile" />
        </Group>
      </PageContainer>
    );
  }
  return (
    <ProfilePage
      profile={profile.data}
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
