import { VisuallyHidden } from '@mantine/core';
import { SmartLink } from '@/components/smart-link';
import { safeHref } from '@/lib/safe-url';
import { youtubeVideoId } from '@/contract/youtube';
import { CardImage, CardText } from './content-card';
import classes from './home.module.css';
import type { PlayingVideo } from './video-modal';
import { video_more } from '@/paraglide/messages/video_more.js';
import { video_more_about } from '@/paraglide/messages/video_more_about.js';
import { video_play } from '@/paraglide/messages/video_play.js';
import { video_watch } from '@/paraglide/messages/video_watch.js';

export interface VideoItem {
  id: number;
  title: string;
  description: string;
  image: string;
  /** The image's widths, when it is an upload. */
  imageSrcSet?: string;
  video: string;
  /** A page about the video, shown as a separate link. */
  link: string;
}

/**
 * A YouTube video opens in the modal; a video elsewhere opens as a plain link in a new tab; a link with an unsafe
 * scheme is not a link at all.
 */
export function VideoCard({ item, onPlay }: { item: VideoItem; onPlay: (video: PlayingVideo) => void }) {
  const videoId = youtubeVideoId(item.video);
  const pageLink = item.link && item.link !== item.video ? safeHref(item.link) : null;
  const extra = pageLink ? (
    <SmartLink href={pageLink} className={classes.more}>
      {video_more()}
      <VisuallyHidden>{video_more_about({ title: item.title })}</VisuallyHidden>
    </SmartLink>
  ) : null;
  const image = (
    <div className={classes.playBadge}>
      <CardImage src={item.image} srcSet={item.imageSrcSet} alt={item.title} />
    </div>
  );
  if (videoId) {
    // The title is the button, whose click area covers the card: its name is its visible text (WCAG 2.5.3).
    const play = (
      <button type="button" className={classes.playButton} onClick={() => onPlay({ title: item.title, videoId })}>
        <VisuallyHidden>{video_play()}</VisuallyHidden>
        {item.title}
      </button>
    );
    return (
      <div className={`${classes.card} ${classes.videoCard}`}>
        {image}
        <CardText title={play} description={item.description} extra={extra} />
      </div>
    );
  }
  const href = safeHref(item.video);
  return (
    <div className={classes.card}>
      <SmartLink href={item.video}>
        {href ? <VisuallyHidden>{video_watch()}</VisuallyHidden> : null}
        {image}
        <CardText title={item.title} description={item.description} />
      </SmartLink>
      {extra ? <div style={{ padding: '0 0.75rem 0.75rem' }}>{extra}</div> : null}
    </div>
  );
}
