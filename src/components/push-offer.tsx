import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PUSH_DECLINED_KEY, usePushOffer } from '@/lib/push-offer';
import { push_offer_allow } from '@/paraglide/messages/push_offer_allow.js';
import { push_offer_blocked } from '@/paraglide/messages/push_offer_blocked.js';
import { push_offer_failed } from '@/paraglide/messages/push_offer_failed.js';
import { push_offer_label } from '@/paraglide/messages/push_offer_label.js';
import { push_offer_later } from '@/paraglide/messages/push_offer_later.js';
import { push_offer_on } from '@/paraglide/messages/push_offer_on.js';
import { push_offer_text } from '@/paraglide/messages/push_offer_text.js';
import { push_offer_title } from '@/paraglide/messages/push_offer_title.js';

/**
 * The offer to turn on alerts (Web Push) on this device, shown after an application is sent or a call saved
 * (`offerPush`, lib/push-offer.ts). The browser asks its own question only after "Turn on alerts": a member who says
 * "Not now" is not asked by the browser, and the device remembers it.
 */
export function PushOffer() {
  const close = usePushOffer((state) => state.close);
  const [busy, setBusy] = useState(false);

  const later = () => {
    try {
      localStorage.setItem(PUSH_DECLINED_KEY, new Date().toISOString());
    } catch {
      // Storage refused (private mode): the offer may come again on another visit.
    }
    close();
  };

  const allow = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'denied') notifications.show({ color: 'yellow', message: push_offer_blocked() });
        close();
        return;
      }
      const { subscribePush } = await import('@/lib/push-subscription');
      await subscribePush();
      notifications.show({ color: 'green', message: push_offer_on() });
      close();
    } catch {
      notifications.show({ color: 'red', message: push_offer_failed() });
      close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      role="dialog"
      aria-label={push_offer_label()}
      shadow="lg"
      p="md"
      withBorder
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={420}
      style={{ zIndex: 400 }}
    >
      <Text fw={700}>{push_offer_title()}</Text>
      <Text size="sm" mt={4}>
        {push_offer_text()}
      </Text>
      <Group mt="sm" justify="flex-end">
        <Button variant="subtle" onClick={later} disabled={busy}>
          {push_offer_later()}
        </Button>
        <Button color="saffron.4" c="dark.9" loading={busy} onClick={() => void allow()}>
          {push_offer_allow()}
        </Button>
      </Group>
    </Paper>
  );
}
