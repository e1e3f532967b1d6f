import { AspectRatio, Modal } from '@mantine/core';
import type { FocusEvent } from 'react';
import { youtubeEmbedUrl } from '@/contract/youtube';
import { video_close } from '@/paraglide/messages/video_close.js';

export interface PlayingVideo {
  title: string;
  videoId: string;
}

/**
 * The modal's last stop for the Tab key. Tab pressed inside the video frame is the frame's own and never reaches the
 * modal's focus trap, so the browser would move on past the modal; this stop sends it back to the close button. Coming
 * backwards from the close button (the trap wraps Shift+Tab to here), it goes on to the frame.
 */
function onFocusGuard(event: FocusEvent<HTMLSpanElement>) {
  const dialog = event.currentTarget.closest('[role="dialog"]');
  const close = dialog?.querySelector('button');
  const frame = dialog?.querySelector('iframe');
  if (event.relatedTarget === close && frame) frame.focus();
  else close?.focus();
}

/** Plays a YouTube video in a frame; closes on its close button, a click on the overlay or Escape. */
export function VideoModal({ video, onClose }: { video: PlayingVideo | null; onClose: () => void }) {
  return (
    <Modal
      opened={video !== null}
      onClose={onClose}
      title={video?.title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': video_close() }}
    >
      {video ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={youtubeEmbedUrl(video.videoId)}
            title={video.title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0 }}
          />
        </AspectRatio>
      ) : null}
      <span tabIndex={0} onFocus={onFocusGuard} />
    </Modal>
  );
}
