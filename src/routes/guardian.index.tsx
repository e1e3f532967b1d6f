import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { GuardianConsentPage } from '@/features/guardian/components/guardian-consent-page';

/** The token follows `#` in the mailed link: a browser never sends that part to a server. */
function GuardianConsentRoute() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  return <GuardianConsentPage token={token} />;
}

export const Route = createFileRoute('/guardian/')({ component: GuardianConsentRoute });
