import { directory_category_artist } from '@/paraglide/messages/directory_category_artist.js';
import { directory_category_course } from '@/paraglide/messages/directory_category_course.js';
import { directory_category_production_house } from '@/paraglide/messages/directory_category_production_house.js';
import { directory_category_shooting_location } from '@/paraglide/messages/directory_category_shooting_location.js';
import { directory_category_studio } from '@/paraglide/messages/directory_category_studio.js';
import { directory_category_theatre } from '@/paraglide/messages/directory_category_theatre.js';
import { directory_category_union } from '@/paraglide/messages/directory_category_union.js';
import { directory_category_vendor } from '@/paraglide/messages/directory_category_vendor.js';

/**
 * The directory's category names in the page's language: the directory, the home page's tiles and the footer (on
 * every first load: only these eight messages come with it). A category the site added later keeps its given name.
 */
const categoryNames: Record<string, () => string> = {
  Artist: directory_category_artist,
  Union: directory_category_union,
  Vendor: directory_category_vendor,
  'Production House': directory_category_production_house,
  Studio: directory_category_studio,
  'Shooting Location': directory_category_shooting_location,
  Course: directory_category_course,
  Theatre: directory_category_theatre,
};

export const categoryName = (category: string): string => categoryNames[category]?.() ?? category;
