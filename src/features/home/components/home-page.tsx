import { Suspense, useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import type { HomeData, Section } from '@/contract/site';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { deferredPart } from '@/lib/deferred-part';
import { lazyPart } from '@/lib/lazy-part';
import { home_insider } from '@/paraglide/messages/home_insider.js';
import { home_magazine_label } from '@/paraglide/messages/home_magazine_label.js';
import { home_testimonials_label } from '@/paraglide/messages/home_testimonials_label.js';
import { sectionDisplay } from './home-content';
import { BannerCarousel, CardCarousel, CategoryTiles, ContentGrid, HomeSection, VideoGrid } from './home-sections';
import classes from './home.module.css';
import type { PlayingVideo } from './video-modal';

const VideoModal = lazyPart(() => import('./video-modal').then((module) => module.VideoModal));
// Below the fold: hydrated when scrolled near, touched or when the phone is idle (src/lib/deferred-part.tsx); the FAQ's
// code and words load only then.
const FaqSection = deferredPart('faq', () => import('./faq-section').then((module) => module.FaqSection));

function ContentSection({ section, onPlay }: { section: Section; onPlay: (video: PlayingVideo) => void }) {
  const { id, title, layout } = sectionDisplay[section.type];
  if (section.data.length === 0) return null;
  return (
    <HomeSection id={id} title={title()}>
      {layout === 'grid' ? <ContentGrid items={section.data} /> : null}
      {layout === 'carousel' ? (
        <CardCarousel
          label={section.type === 'Testimonial' ? home_testimonials_label() : home_magazine_label()}
          items={section.data}
          variant={section.type === 'Testimonial' ? 'testimonial' : 'magazine'}
        />
      ) : null}
      {layout === 'video' ? (
        <VideoGrid
          onPlay={onPlay}
          items={section.data.map((item) => ({
            ...item,
            image: imageUrl(item.image, 'section'),
            imageSrcSet: imageSrcSet(item.image, 'section'),
            video: item.link,
            link: '',
          }))}
        />
      ) : null}
    </HomeSection>
  );
}

const DeferredContentSection = deferredPart('home-section', () => ContentSection);

/**
 * The home page in the spec's order: category tiles, banners, Insider, then the content sections (CineNews to
 * Magazine) in the order the server sends them, then the FAQ. A section without items is left out.
 */
export function HomePage({ data, siteName }: { data: HomeData | undefined; siteName: string }) {
  const [video, setVideo] = useState<PlayingVideo | null>(null);
  // The player (a Mantine modal) loads with the first video played, then stays mounted for its closing animation.
  const [playerLoaded, setPlayerLoaded] = useState(false);
  if (video && !playerLoaded) setPlayerLoaded(true);
  const insiders = data?.insiderList ?? [];
  return (
    <PageContainer>
      <DocumentTitle />
      <h1 className={classes.srOnly}>{siteName}</h1>
      <CategoryTiles categoryList={data?.categoryList} />
      <BannerCarousel banners={data?.bannerList ?? []} />
      {insiders.length > 0 ? (
        <HomeSection id="insider" title={home_insider()}>
          <VideoGrid
            onPlay={setVideo}
            items={insiders.map((insider) => ({
              id: insider.id,
              title: insider.title,
              description: '',
              image: imageUrl(insider.thumbnail, 'inside'),
              imageSrcSet: imageSrcSet(insider.thumbnail, 'inside'),
              video: insider.video_link,
              link: insider.link,
            }))}
          />
        </HomeSection>
      ) : null}
      {(data?.sectionList ?? []).map((section) => (
        <DeferredContentSection key={section.type} section={section} onPlay={setVideo} />
      ))}
      <FaqSection />
      {playerLoaded && (
        <Suspense fallback={null}>
          <VideoModal video={video} onClose={() => setVideo(null)} />
        </Suspense>
      )}
    </PageContainer>
  );
}
