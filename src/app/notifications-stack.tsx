import { Notifications } from '@mantine/notifications';
import classes from './notifications-stack.module.css';

/** Toasts, at the top right just under the header. */
export function NotificationsStack() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}
