import { pageAddress } from '@/lib/page-address';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { share_button } from '@/paraglide/messages/share_button.js';
import { share_copied } from '@/paraglide/messages/share_copied.js';
import { share_copy_label } from '@/paraglide/messages/share_copy_label.js';
import { share_whatsapp } from '@/paraglide/messages/share_whatsapp.js';

export interface ShareButtonProps {
  /** The page's site path (`/shop/12`); shared as a whole address on this site. */
  path: string;
  /** The title the share sheet shows. */
  title: string;
  /** A line of text sent with the link (WhatsApp shows it above the card). */
  text?: string;
}

/** WhatsApp's own link to send a message (its app on a phone, WhatsApp Web elsewhere), the words and link filled in. */
function whatsAppLink(address: string, text?: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text ? `${text}\n${address}` : address)}`;
}

/**
 * Share: the phone's share sheet (Web Share API) where the browser has one; else the link copied to the clipboard
 * (or shown to copy by hand) and a link that sends it on WhatsApp, where most calls travel in India. Closing the
 * share sheet is no failure.
 */
export function ShareButton({ path, title, text }: ShareButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [url, setUrl] = useState('');
  // Without a share sheet, WhatsApp is offered once Share was pressed.
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const share = async () => {
    // Shared from a Hindi page, the link opens in Hindi.
    const address = new URL(pageAddress(path), window.location.origin).href;
    setUrl(address);
    const data = { title, url: address, ...(text ? { text } : {}) };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused by the browser (no user gesture, a policy): copying still works.
      }
    }
    setOffered(true);
    try {
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Group gap="sm">
        <Button variant="default" onClick={() => void share()}>
          {share_button()}
        </Button>
        {offered ? (
          <Button
            component="a"
            href={whatsAppLink(url, text)}
            target="_blank"
            rel="noopener noreferrer"
            // WhatsApp's green, dark enough for white words in either scheme.
            color="teal.9"
          >
            {share_whatsapp()}
          </Button>
        ) : null}
      </Group>
      <Text fz="sm" c="var(--cv-success-text)" role="status">
        {state === 'copied' ? share_copied() : ''}
      </Text>
      {state === 'manual' ? (
        <TextInput
          label={share_copy_label()}
          value={url}
          readOnly
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          w="100%"
        />
      ) : null}
    </Stack>
  );
}
