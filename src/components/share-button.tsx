import { pageAddress } from '@/lib/page-address';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { share_button } from '@/paraglide/messages/share_button.js';
import { share_copied } from '@/paraglide/messages/share_copied.js';
import { share_copy_label } from '@/paraglide/messages/share_copy_label.js';

export interface ShareButtonProps {
  /** The page's site path (`/shop/12`); shared as a whole address on this site. */
  path: string;
  /** The title the share sheet shows. */
  title: string;
  /** A line of text sent with the link (WhatsApp shows it above the card). */
  text?: string;
}

/**
 * Share: the phone's share sheet (Web Share API) where the browser has one, else the link copied to the clipboard,
 * else the link shown to copy by hand. Closing the share sheet is no failure.
 */
export function ShareButton({ path, title, text }: ShareButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [url, setUrl] = useState('');
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
    try {
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" onClick={() => void share()}>
        {share_button()}
      </Button>
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
