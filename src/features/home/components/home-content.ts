import type { CarouselDurations } from '@/components/carousel/carousel-props';
import type { SectionType } from '@/contract/site';

/** How each section type shows on the home page: its heading and its layout. */
export const sectionDisplay: Record<SectionType, { title: string; layout: 'grid' | 'carousel' | 'video' }> = {
  'Cine News': { title: 'CineNews', layout: 'grid' },
  'Cine Fashion': { title: 'CineFashion', layout: 'grid' },
  'Cine Course': { title: 'Courses', layout: 'grid' },
  'Cine Audition': { title: 'Auditions', layout: 'grid' },
  Testimonial: { title: 'Testimonials', layout: 'carousel' },
  'Cine Trailer': { title: 'Trailers', layout: 'video' },
  'Cine Awards': { title: 'Awards', layout: 'grid' },
  Magazine: { title: 'Magazine', layout: 'carousel' },
};

/** Spec point 9: the top banner carousel, autoplay every 2000 ms. */
export const BANNER_AUTOPLAY_MS = 2000;
/** Embla's durations closest to the spec's 1000 ms banner transition (measured figures: README, Home page). */
export const BANNER_EMBLA_DURATION: CarouselDurations = { phone: 28, tablet: 26, desktop: 25 };
/** Embla's durations closest to the spec's 500 ms card transition (measured figures: README, Home page). */
export const CARD_EMBLA_DURATION: CarouselDurations = { phone: 15, tablet: 14, desktop: 10 };

/** The six FAQ entries the spec names: enrolment, duration, audition experience, equipment, placement, payment. */
export const faqEntries = [
  {
    question: 'How do I enrol in a course?',
    answer:
      'Open the course from the Courses section or the Course category, choose a batch and fill in the enrolment form. The institute confirms your seat by phone or email within two working days.',
  },
  {
    question: 'How long do the courses last?',
    answer:
      'Most courses run for 8 to 16 weeks, on weekends or weekday evenings; workshops take two to five days. Every listing shows its exact duration and timetable.',
  },
  {
    question: 'Do I need acting experience to apply for auditions?',
    answer:
      'No. Many casting calls welcome newcomers. Each call says whether it needs prior experience, a showreel or a particular language; a clear self-tape and a complete profile matter most.',
  },
  {
    question: 'What do I need for an online course?',
    answer:
      'A laptop or phone with a camera, an internet connection of at least 5 Mbps and headphones. Editing courses list the software they use; most offer student licences or free versions.',
  },
  {
    question: 'Do the courses help with career placement?',
    answer:
      'Courses end with a showcase or a portfolio review, and graduates are introduced to production houses, casting directors and studios on CineVerse. No one can promise a role, but the right people will see your work.',
  },
  {
    question: 'Can I pay the course fee in instalments?',
    answer:
      'Yes. Institutes accept UPI, cards and net banking, and most offer two or three instalments, or no-cost EMI on courses above ₹20,000.',
  },
] as const;
