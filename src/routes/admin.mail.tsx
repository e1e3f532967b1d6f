import { createFileRoute } from '@tanstack/react-router';
import { DeadLettersPage } from '@/features/admin-mail/components/dead-letters-page';
import { adminSearch } from '@/lib/search-params';

function MailRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DeadLettersPage page={page ?? 1} onPage={(next) => void navigate({ search: { page: next } })} />;
}

export const Route = createFileRoute('/admin/mail')({
  validateSearch: adminSearch,
  component: MailRoute,
});
