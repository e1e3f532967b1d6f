import { useNetwork } from '@mantine/hooks';
import { useOutboxCount } from '@/offline/use-outbox';
import { plural } from '@/lib/plural';
import { m } from '@/paraglide/messages';
import classes from './site-layout.module.css';

/** A strip under the header: offline, and how many changes are waiting to be sent. Hidden when neither. */
export function SyncStatus() {
  const { online } = useNetwork();
  const pending = useOutboxCount();
  if (online && pending === 0) return null;
  const waiting = plural(pending, { one: m.sync_waiting_one, other: m.sync_waiting_other });
  return (
    <p className={classes.syncStatus} role="status" data-testid="sync-status">
      {online ? null : <span className={classes.offlineBadge}>{m.sync_offline()}</span>}
      {online ? null : ` ${m.sync_offline_help()}`}
      {pending > 0 ? <span data-testid="pending-count"> {waiting}</span> : null}
    </p>
  );
}
