import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { safeHref } from '@/lib/safe-url';

interface SmartLinkProps {
  /** An address from the database; only http(s) and site-relative ones become links. */
  href: string | null | undefined;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/**
 * A link to an address an editor typed. Site paths navigate inside the app, other sites open in a new tab, and an
 * address with any other scheme (`javascript:`, `data:`...) renders its content without a link.
 */
export function SmartLink({ href, children, className, ...rest }: SmartLinkProps) {
  const router = useRouter();
  const safe = safeHref(href);
  if (!safe) return <div className={className}>{children}</div>;
  if (safe.startsWith('/')) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      router.history.push(safe);
    };
    return (
      <a href={safe} className={className} onClick={onClick} aria-label={rest['aria-label']}>
        {children}
      </a>
    );
  }
  return (
    <a href={safe} className={className} target="_blank" rel="noopener noreferrer" aria-label={rest['aria-label']}>
      {children}
    </a>
  );
}
