import type { CarouselDurations } from '@/components/carousel/carousel-props';
import type { SectionType } from '@/contract/site';
import { m } from '@/paraglide/messages';

/**
 * How each section type shows on the home page: its landmark's id (the same in every language), its heading in the
 * page's language and its layout.
 */
export const sectionDisplay: Record<
  SectionType,
  { id: string; title: () => string; layout: 'grid' | 'carousel' | 'video' }
> = {
  'Cine News': { id: 'cinenews', title: m.home_section_news, layout: 'grid' },
  'Cine Fashion': { id: 'cinefashion', title: m.home_section_fashion, layout: 'grid' },
  'Cine Course': { id: 'courses', title: m.home_section_courses, layout: 'grid' },
  'Cine Audition': { id: 'auditions', title: m.home_section_auditions, layout: 'grid' },
  Testimonial: { id: 'testimonials', title: m.home_section_testimonials, layout: 'carousel' },
  'Cine Trailer': { id: 'trailers', title: m.home_section_trailers, layout: 'video' },
  'Cine Awards': { id: 'awards', title: m.home_section_awards, layout: 'grid' },
  Magazine: { id: 'magazine', title: m.home_section_magazine, layout: 'carousel' },
};

/** Spec point 9: the top banner carousel, autoplay every 2000 ms. */
export const BANNER_AUTOPLAY_MS = 2000;
/** Embla's durations closest to the spec's 1000 ms banner transition (measured figures: README, Home page). */
export const BANNER_EMBLA_DURATION: CarouselDurations = { phone: 28, tablet: 26, desktop: 25 };
/** Embla's durations closest to the spec's 500 ms card transition (measured figures: README, Home page). */
export const CARD_EMBLA_DURATION: CarouselDurations = { phone: 15, tablet: 14, desktop: 10 };

/**
 * The six FAQ entries the spec names: enrolment, duration, audition experience, equipment, placement, payment, in
 * the page's language (the spec's English text is English's).
 */
export const faqEntries = [
  { question: m.faq_enrol_q, answer: m.faq_enrol_a },
  { question: m.faq_duration_q, answer: m.faq_duration_a },
  { question: m.faq_experience_q, answer: m.faq_experience_a },
  { question: m.faq_equipment_q, answer: m.faq_equipment_a },
  { question: m.faq_placement_q, answer: m.faq_placement_a },
  { question: m.faq_payment_q, answer: m.faq_payment_a },
] as const;
