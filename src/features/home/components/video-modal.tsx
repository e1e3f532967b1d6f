import { AspectRatio, Modal } from '@mantine/core';
import { youtubeEmbedUrl } from '@/lib/youtube';

export interface PlayingVideo {
  title: string;
  videoId: string;
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
      closeButtonProps={{ 'aria-label': 'Close video' }}
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
    </Modal>
  );
}
