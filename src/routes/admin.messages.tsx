import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { messageStatuses } from '@/contract/admin';
import { MessagesPage } from '@/features/admin-messages/components/messages-page';
import { lenient, pageNumber } from '@/lib/search-params';

const searchSchema = z.object({ page: lenient(pageNumber), status: lenient(z.enum(messageStatuses)) });

function MessagesRoute() {
  const { page, status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MessagesPage filters={{ page: page ?? 1, status }} onChange={(next) => void navigate({ search: next })} />;
}

export const Route = createFileRoute('/admin/messages')({
  validateSearch: (search) => searchSchema.parse(search),
  component: MessagesRoute,
});
