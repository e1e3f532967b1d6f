import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { AuditPage } from '@/features/admin-audit/components/audit-page';
import { lenient, pageNumber, searchText } from '@/lib/search-params';

const searchSchema = z.object({
  page: lenient(pageNumber),
  entity: lenient(searchText(50)),
  actor: lenient(pageNumber),
});

function AuditRoute() {
  const { page, entity, actor } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditPage filters={{ page: page ?? 1, entity, actor }} onChange={(next) => void navigate({ search: next })} />
  );
}

export const Route = createFileRoute('/admin/audit')({
  validateSearch: (search) => searchSchema.parse(search),
  component: AuditRoute,
});
