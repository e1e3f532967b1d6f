import type { Craft } from '@/contract/profiles';
import { srcSetOfUrl } from '@/lib/image-url';

export const craftLabels: Record<Craft, string> = {
  actor: 'Actor',
  writer: 'Writer',
  director: 'Director',
  dop: 'DOP',
  editor: 'Editor',
  music: 'Music',
  dancer: 'Dancer',
  voice_artist: 'Voice artist',
  makeup: 'Make-up',
  costume: 'Costume',
  art: 'Art',
  stunts: 'Stunts',
  casting: 'Casting',
  other: 'Other',
};

export const genderLabels: Record<string, string> = {
  female: 'Female',
  male: 'Male',
  non_binary: 'Non-binary',
  prefer_not_to_say: 'Prefer not to say',
};

export const creditTypeLabels: Record<string, string> = {
  feature: 'Feature',
  web_series: 'Web series',
  short: 'Short',
  ad: 'Ad',
  theatre: 'Theatre',
  tv: 'TV',
};

export const levelLabels: Record<string, string> = { native: 'native', fluent: 'fluent', basic: 'basic' };

/** The `srcset` of a profile photo's address (`/backend/uploads/profile/<name>`), when it was uploaded in widths. */
export const photoSrcSet = srcSetOfUrl;
