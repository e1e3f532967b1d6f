/**
 * The video modal plays only YouTube videos, through the privacy-enhanced youtube-nocookie.com player. Any address
 * is reduced to its 11-character video id first, so an editor's link can never put another page into the frame.
 */
const VIDEO_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The id of a YouTube watch, short, embed, shorts or live address; null for anything else. */
export function youtubeVideoId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let id: string | null | undefined = null;
  if (url.hostname === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (YOUTUBE_HOSTS.has(url.hostname)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The spec's `watch?v=` to `embed/` rewrite, on the privacy-enhanced host. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`;
}
