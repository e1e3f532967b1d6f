import type { CarouselDurations } from '@/components/carousel/carousel-props';
import type { SectionType } from '@/contract/site';
import { home_section_auditions } from '@/paraglide/messages/home_section_auditions.js';
import { home_section_awards } from '@/paraglide/messages/home_section_awards.js';
import { home_section_courses } from '@/paraglide/messages/home_section_courses.js';
import { home_section_fashion } from '@/paraglide/messages/home_section_fashion.js';
import { home_section_magazine } from '@/paraglide/messages/home_section_magazine.js';
import { home_section_news } from '@/paraglide/messages/home_section_news.js';
import { home_section_testimonials } from '@/paraglide/messages/home_section_testimonials.js';
import { home_section_trailers } from '@/paraglide/messages/home_section_trailers.js';

/**
 * How each section type shows on the home page: its landmark's id (the same in every language), its heading in the
 * page's language and its layout.
 */
export const sectionDisplay: Record<
  SectionType,
  { id: string; title: () => string; layout: 'grid' | 'carousel' | 'video' }
> = {
  'Cine News': { id: 'cinenews', title: home_section_news, layout: 'grid' },
  'Cine Fashion': { id: 'cinefashion', title: home_section_fashion, layout: 'grid' },
  'Cine Course': { id: 'courses', title: home_section_courses, layout: 'grid' },
  'Cine Audition': { id: 'auditions', title: home_section_auditions, layout: 'grid' },
  Testimonial: { id: 'testimonials', title: home_section_testimonials, layout: 'carousel' },
  'Cine Trailer': { id: 'trailers', title: home_section_trailers, layout: 'video' },
  'Cine Awards': { id: 'awards', title: home_section_awards, layout: 'grid' },
  Magazine: { id: 'magazine', title: home_section_magazine, layout: 'carousel' },
};

/** Spec point 9: the top banner carousel, autoplay every 2000 ms. */
export const BANNER_AUTOPLAY_MS = 2000;
/** Embla's durations closest to the spec's 1000 ms banner transition (measured figures: README, Home page). */
export const BANNER_EMBLA_DURATION: CarouselDurations = { phone: 28, tablet: 26, desktop: 25 };
/** Embla's durations closest to the spec's 500 ms card transition (measured figures: README, Home page). */
export const CARD_EMBLA_DURATION: CarouselDurations = { phone: 15, tablet: 14, desktop: 10 };
