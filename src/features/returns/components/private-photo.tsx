import '@mantine/core/styles/Image.css';
import { Image } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getAccessToken } from '@/lib/session';

/**
 * A return photo: private to its shopper and staff, so it is fetched with the signed-in token (an image element sends
 * none) and shown from the bytes received.
 */
export function PrivatePhoto({ url, alt }: { url: string; alt: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const token = getAccessToken();
    // The API client reads JSON and text; a photo's bytes are read here, with the same token.
    // eslint-disable-next-line no-restricted-globals -- an image's bytes, which the API client does not read
    void fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setSource(objectUrl);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return (
    <Image
      src={source}
      alt={alt}
      w={72}
      h={72}
      radius="sm"
      fit="cover"
      bg="var(--mantine-color-default-hover)"
      data-loaded={source ? 'true' : 'false'}
    />
  );
}
