import { useNetwork } from '@mantine/hooks';
import { useOutboxCount } from '@/offline/use-outbox';
import classes from './site-layout.module.css';

/** A strip under the header: offline, and how many changes are waiting to be sent. Hidden when neither. */
export function SyncStatus() {
  const { online } = useNetwork();
  const pending = useOutboxCount();
  if (online && pending === 0) return null;
  const waiting = pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`;
  return (
    <p className={classes.syncStatus} role="status" data-testid="sync-status">
      {online ? null : <span className={classes.offlineBadge}>Offline</span>}
      {online
        ? null
        : ' Browse what you have seen; applications, profile edits, answers to messages and cart changes are sent when you are back online.'}
      {pending > 0 ? <span data-testid="pending-count"> {waiting}</span> : null}
    </p>
  );
}
