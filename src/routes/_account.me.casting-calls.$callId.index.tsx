import { createFileRoute } from '@tanstack/react-router';
import { ApplicantsPage } from '@/features/casting/components/applicants-page';
import { applicantSearch } from '@/lib/search-params';

function ApplicantsRoute() {
  const { callId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicantsPage
      key={callId}
      callId={/^\d{1,9}$/.test(callId) ? Number(callId) : 0}
      search={search}
      onSearchChange={(next, replace) => void navigate({ search: next, replace })}
    />
  );
}

export const Route = createFileRoute('/_account/me/casting-calls/$callId/')({
  validateSearch: applicantSearch,
  component: ApplicantsRoute,
});
