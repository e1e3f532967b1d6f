import { createFileRoute } from '@tanstack/react-router';
import { messageStatuses } from '@/contract/contact';
import { MessagesPage } from '@/features/admin-messages/components/messages-page';
import { adminSearch, oneOf } from '@/lib/search-params';

function MessagesRoute() {
  const { page, status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MessagesPage
      filters={{ page: page ?? 1, status: oneOf(messageStatuses, status) }}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}

export const Route = createFileRoute('/admin/messages')({
  validateSearch: adminSearch,
  component: MessagesRoute,
});
