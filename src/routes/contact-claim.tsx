import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ContactClaimPage } from '@/features/profile/components/contact-claim-page';
import { lenient } from '@/lib/search-params';

const claimSearchSchema = z.object({ token: lenient(z.string().check(z.maxLength(200))) });

function ContactClaimRoute() {
  const { token } = Route.useSearch();
  return <ContactClaimPage token={token ?? ''} />;
}

export const Route = createFileRoute('/contact-claim')({
  validateSearch: (search) => claimSearchSchema.parse(search),
  component: ContactClaimRoute,
});
