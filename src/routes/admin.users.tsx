import { createFileRoute } from '@tanstack/react-router';
import { roles } from '@/contract/roles';
import { UsersPage } from '@/features/admin-users/components/users-page';
import { adminSearch, oneOf } from '@/lib/search-params';

function UsersRoute() {
  const { page, search, role } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      filters={{ page: page ?? 1, search, role: oneOf(roles, role) }}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}

export const Route = createFileRoute('/admin/users')({
  validateSearch: adminSearch,
  component: UsersRoute,
});
