import { Notifications } from '@mantine/notifications';
import classes from './notifications-stack.module.css';

/**
 * Toasts, at the top right just under the header. Loaded on demand by the app: a lazy import of the package's
 * index would pull the whole package into the first load, as the store functions are imported from it.
 */
export function NotificationsStack() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}
