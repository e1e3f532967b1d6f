import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ConfirmEmailPage } from '@/features/auth/components/confirm-email-page';
import { lenient } from '@/lib/search-params';

const confirmSearchSchema = z.object({ token: lenient(z.string().check(z.maxLength(200))) });

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token ?? ''} />;
}

export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search) => confirmSearchSchema.parse(search),
  component: ConfirmEmailRoute,
});
