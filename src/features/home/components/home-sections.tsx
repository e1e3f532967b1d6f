import { SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Carousel } from '@/components/carousel/carousel';
import { DEFAULT_AUTOPLAY_MS } from '@/components/carousel/carousel-props';
import { Reveal } from '@/components/reveal';
import { SmartLink } from '@/components/smart-link';
import type { Banner, CategorySummary, SectionItem } from '@/contract/site';
import { categoryName } from '@/lib/category-label';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { BANNER_IMAGE_SIZES } from '@/contract/uploads';
import { CardImage, CardText, ContentCard } from './content-card';
import { BANNER_AUTOPLAY_MS, BANNER_EMBLA_DURATION, CARD_EMBLA_DURATION } from './home-content';
import { home_banner } from '@/paraglide/messages/home_banner.js';
import { home_categories } from '@/paraglide/messages/home_categories.js';
import { home_featured } from '@/paraglide/messages/home_featured.js';
import classes from './home.module.css';
import { VideoCard, type VideoItem } from './video-card';
import type { PlayingVideo } from './video-modal';

/** A titled home page block that animates in on scroll; `id` makes it a landmark people can jump to. */
export function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section className={`${classes.section} ${classes.titledSection}`} aria-labelledby={headingId} data-section={id}>
      <Reveal>
        <h2 id={headingId} className={classes.sectionTitle}>
          {title}
        </h2>
        {children}
      </Reveal>
    </section>
  );
}

export function CategoryTiles({ categoryList }: { categoryList: Record<string, CategorySummary> | undefined }) {
  return (
    <section className={classes.section} aria-labelledby="categories-heading" data-section="categories">
      <h2 id="categories-heading" className={classes.srOnly}>
        {home_categories()}
      </h2>
      <ul className={classes.tiles}>
        {/* The directory's categories as the site lists them (getHomeData's categoryList, in its order). */}
        {Object.entries(categoryList ?? {}).map(([label, category]) => (
          <li key={label}>
            <Link to="/category/$categoryName" params={{ categoryName: label }} className={classes.tile}>
              <span className={classes.tileName}>{categoryName(label)}</span>
              {category.description ? <span className={classes.tileDescription}>{category.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <div className={classes.section} data-section="banners">
      <Carousel
        label={home_featured()}
        items={banners}
        getKey={(banner) => banner.id}
        layout="single"
        duration={BANNER_EMBLA_DURATION}
        autoplayMs={BANNER_AUTOPLAY_MS}
        withIndicators
        renderItem={(banner, index) => (
          <SmartLink href={banner.link} className={classes.banner}>
            <img
              className={classes.bannerImage}
              src={imageUrl(banner.image, 'banner')}
              srcSet={imageSrcSet(banner.image, 'banner')}
              sizes={BANNER_IMAGE_SIZES}
              alt={banner.alt || home_banner({ number: index + 1 })}
              width={1600}
              height={600}
              // The first slide is the largest image above the fold; the rest wait until needed.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          </SmartLink>
        )}
      />
    </div>
  );
}

/** Content grids: 2 columns on a phone, up to 5 on wide screens (spec point 9). */
export function ContentGrid({ items }: { items: SectionItem[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'sm', md: 'md' }}>
      {items.map((item) => (
        <ContentCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}

export function VideoGrid({ items, onPlay }: { items: VideoItem[]; onPlay: (video: PlayingVideo) => void }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'sm', md: 'md' }}>
      {items.map((item) => (
        <VideoCard key={item.id} item={item} onPlay={onPlay} />
      ))}
    </SimpleGrid>
  );
}

export function CardCarousel({
  label,
  items,
  variant,
}: {
  label: string;
  items: SectionItem[];
  variant: 'testimonial' | 'magazine';
}) {
  return (
    <Carousel
      label={label}
      items={items}
      getKey={(item) => item.id}
      layout="cards"
      duration={CARD_EMBLA_DURATION}
      autoplayMs={DEFAULT_AUTOPLAY_MS}
      withControls
      renderItem={(item) =>
        variant === 'testimonial' ? (
          <figure className={`${classes.card} ${classes.carouselCard} ${classes.testimonial}`} data-card>
            <CardImage
              className={classes.avatar}
              src={imageUrl(item.image, 'section')}
              srcSet={imageSrcSet(item.image, 'section')}
              alt={item.title}
            />
            <blockquote className={classes.quote}>“{item.description}”</blockquote>
            <figcaption className={classes.cardTitle}>{item.title}</figcaption>
          </figure>
        ) : (
          <div className={`${classes.card} ${classes.carouselCard}`} data-card>
            <SmartLink href={item.link}>
              <CardImage
                src={imageUrl(item.image, 'section')}
                srcSet={imageSrcSet(item.image, 'section')}
                alt={item.title}
              />
              <CardText title={item.title} description={item.description} />
            </SmartLink>
          </div>
        )
      }
    />
  );
}

/** The six hard-coded FAQ entries; one open at a time, and clicking the open one closes it. */
