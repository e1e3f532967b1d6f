/**
 * Reels on Instagram are shown as links, never framed: Instagram's embed needs its script from its own servers. An
 * address is accepted only as a post or reel of instagram.com and is rewritten to its plain form, without the share
 * link's tracking query (`?igsh=`), so a profile never carries more than the post's own address.
 */
import { youtubeVideoId } from './youtube';

const POST_ID = /^[\w-]{5,40}$/;
const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com', 'm.instagram.com']);
const POST_KINDS = new Set(['reel', 'reels', 'p']);

/** `https://www.instagram.com/reel/{id}/` (or `/p/{id}/`) for an Instagram reel or post address; null otherwise. */
export function instagramPostUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!INSTAGRAM_HOSTS.has(url.hostname) || url.username || url.password || url.port) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // `/reel/{id}/`, or `/{account}/reel/{id}/` as some share links write it.
  const [kind, id, ...rest] = parts.length === 3 ? parts.slice(1) : parts;
  if (!kind || !id || rest.length > 0 || !POST_KINDS.has(kind) || !POST_ID.test(id)) return null;
  return `https://www.instagram.com/${kind === 'p' ? 'p' : 'reel'}/${id}/`;
}

/** What a reel address must be, as the profile form and the server say it. */
export const REEL_RULE = 'A reel must be a YouTube or Instagram reel address';

/**
 * A reel as a profile keeps it: a YouTube address as written (the player takes its video id), an Instagram reel or
 * post in its plain form; null for anything else.
 */
export function reelAddress(link: string): string | null {
  if (youtubeVideoId(link) !== null) return link.trim();
  return instagramPostUrl(link);
}
