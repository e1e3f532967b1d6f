import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { roles } from '@/contract/roles';
import { UsersPage } from '@/features/admin-users/components/users-page';
import { lenient, pageNumber, searchText } from '@/lib/search-params';

const searchSchema = z.object({
  page: lenient(pageNumber),
  search: lenient(searchText(200)),
  role: lenient(z.enum(roles)),
});

function UsersRoute() {
  const { page, search, role } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsersPage filters={{ page: page ?? 1, search, role }} onChange={(next) => void navigate({ search: next })} />;
}

export const Route = createFileRoute('/admin/users')({
  validateSearch: (search) => searchSchema.parse(search),
  component: UsersRoute,
});
