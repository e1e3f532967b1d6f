import { useNetwork } from '@mantine/hooks';
import { useOutboxCount } from '@/offline/use-outbox';
import { plural } from '@/lib/plural';
import { sync_offline } from '@/paraglide/messages/sync_offline.js';
import { sync_offline_help } from '@/paraglide/messages/sync_offline_help.js';
import { sync_waiting_one } from '@/paraglide/messages/sync_waiting_one.js';
import { sync_waiting_other } from '@/paraglide/messages/sync_waiting_other.js';
import classes from './site-layout.module.css';

/** A strip under the header: offline, and how many changes are waiting to be sent. Hidden when neither. */
export function SyncStatus() {
  const { online } = useNetwork();
  const pending = useOutboxCount();
  if (online && pending === 0) return null;
  const waiting = plural(pending, { one: sync_waiting_one, other: sync_waiting_other });
  return (
    <p className={classes.syncStatus} role="status" data-testid="sync-status">
      {online ? null : <span className={classes.offlineBadge}>{sync_offline()}</span>}
      {online ? null : ` ${sync_offline_help()}`}
      {pending > 0 ? <span data-testid="pending-count"> {waiting}</span> : null}
    </p>
  );
}
