import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { lenient } from '@/lib/search-params';

const resetSearchSchema = z.object({ token: lenient(z.string().check(z.maxLength(200))) });

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token ?? ''} />;
}

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search) => resetSearchSchema.parse(search),
  component: ResetPasswordRoute,
});
