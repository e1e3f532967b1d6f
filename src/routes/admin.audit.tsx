import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '@/features/admin-audit/components/audit-page';
import { adminSearch } from '@/lib/search-params';

function AuditRoute() {
  const { page, entity, actor } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditPage filters={{ page: page ?? 1, entity, actor }} onChange={(next) => void navigate({ search: next })} />
  );
}

export const Route = createFileRoute('/admin/audit')({
  validateSearch: adminSearch,
  component: AuditRoute,
});
