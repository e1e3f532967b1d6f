import { ActionIcon, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '@/lib/money';
import { useLiveNotices } from '../api/live-events';
import { NOTIFICATION_POLL_MS, notificationsQueryOptions, useMarkAllRead } from '../api/notification-queries';
import classes from './notification-bell.module.css';
import { notices_bell_label } from '@/paraglide/messages/notices_bell_label.js';
import { notices_empty } from '@/paraglide/messages/notices_empty.js';
import { notices_title } from '@/paraglide/messages/notices_title.js';

function BellIcon() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

/**
 * The notification centre in the header: how many are unread, and the latest 50 in a panel. Opening it marks them
 * read. Shown to signed-in members only.
 */
export function NotificationBell() {
  // While the live stream is open, news arrives on it: the centre is not asked again every minute.
  const live = useLiveNotices();
  const query = useQuery({ ...notificationsQueryOptions(), refetchInterval: live ? false : NOTIFICATION_POLL_MS });
  const markRead = useMarkAllRead();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = query.data?.meta.unread ?? 0;
  const items = query.data?.data ?? [];
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      disabled={unread === 0}
      color="saffron.4"
      offset={6}
      classNames={{ indicator: classes.count }}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={320}
        withinPortal
        trapFocus
        onOpen={() => {
          if (unread > 0) markRead.mutate();
        }}
      >
        <Popover.Target>
          <ActionIcon
            variant="transparent"
            size={44}
            className={classes.bell}
            aria-label={notices_bell_label({ count: unread })}
            onClick={() => setOpened((current) => !current)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label={notices_title()} role="dialog">
          <Text fw={700} mb="xs">
            {notices_title()}
          </Text>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {notices_empty()}
            </Text>
          ) : (
            <Stack gap={4} className={classes.list}>
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  className={classes.item}
                  data-unread={!item.read || undefined}
                  onClick={() => {
                    setOpened(false);
                    void navigate({ href: item.link });
                  }}
                >
                  <Text size="sm" fw={600}>
                    {item.title}
                  </Text>
                  {item.body ? <Text size="sm">{item.body}</Text> : null}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.created_at)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
