import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { GuardianMessagesPage } from '@/features/guardian/components/guardian-messages-page';

/** The token follows `#` in the mailed link: a browser never sends that part to a server. */
function GuardianMessagesRoute() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  return <GuardianMessagesPage token={token} />;
}

export const Route = createFileRoute('/guardian/messages')({ component: GuardianMessagesRoute });
