import { createFileRoute } from '@tanstack/react-router';
import { prefetchWorthIt } from '@/lib/query-retry';
import { profileQueryOptions } from '@/features/profiles/api/profile-queries';
import { ProfilePage } from '@/features/profiles/components/profile-page';

function ProfileRoute() {
  const { handle } = Route.useParams();
  return <ProfilePage key={handle} handle={handle.toLowerCase()} />;
}

export const Route = createFileRoute('/profiles/$handle')({
  // The loader's queries load with the page's code: the profiles' schemas stay out of every visitor's start.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => {
    if (prefetchWorthIt()) void context.queryClient.prefetchQuery(profileQueryOptions(params.handle.toLowerCase()));
  },
  component: ProfileRoute,
});
