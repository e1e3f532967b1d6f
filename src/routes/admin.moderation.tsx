import { createFileRoute } from '@tanstack/react-router';
import { ModerationPage } from '@/features/admin-moderation/components/moderation-page';
import { adminSearch, oneOf } from '@/lib/search-params';

function ModerationRoute() {
  const { page, type } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ModerationPage
      filters={{
        page: page ?? 1,
        kind: oneOf(['verification', 'report', 'held', 'calls', 'reported-calls', 'history'], type),
      }}
      onChange={(next) => void navigate({ search: { page: next.page, type: next.kind } })}
    />
  );
}

export const Route = createFileRoute('/admin/moderation')({
  validateSearch: adminSearch,
  component: ModerationRoute,
});
