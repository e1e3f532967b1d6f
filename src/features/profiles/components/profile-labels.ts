import type { Craft } from '@/contract/profiles';
import { categoryName } from '@/lib/category-label';
import { srcSetOfUrl } from '@/lib/image-url';
import { gender_female } from '@/paraglide/messages/gender_female.js';
import { gender_male } from '@/paraglide/messages/gender_male.js';
import { gender_non_binary } from '@/paraglide/messages/gender_non_binary.js';
import { profiles_craft_actor } from '@/paraglide/messages/profiles_craft_actor.js';
import { profiles_craft_art } from '@/paraglide/messages/profiles_craft_art.js';
import { profiles_craft_casting } from '@/paraglide/messages/profiles_craft_casting.js';
import { profiles_craft_costume } from '@/paraglide/messages/profiles_craft_costume.js';
import { profiles_craft_dancer } from '@/paraglide/messages/profiles_craft_dancer.js';
import { profiles_craft_director } from '@/paraglide/messages/profiles_craft_director.js';
import { profiles_craft_dop } from '@/paraglide/messages/profiles_craft_dop.js';
import { profiles_craft_editor } from '@/paraglide/messages/profiles_craft_editor.js';
import { profiles_craft_makeup } from '@/paraglide/messages/profiles_craft_makeup.js';
import { profiles_craft_music } from '@/paraglide/messages/profiles_craft_music.js';
import { profiles_craft_other } from '@/paraglide/messages/profiles_craft_other.js';
import { profiles_craft_stunts } from '@/paraglide/messages/profiles_craft_stunts.js';
import { profiles_craft_voice_artist } from '@/paraglide/messages/profiles_craft_voice_artist.js';
import { profiles_craft_writer } from '@/paraglide/messages/profiles_craft_writer.js';
import { profiles_credit_ad } from '@/paraglide/messages/profiles_credit_ad.js';
import { profiles_credit_feature } from '@/paraglide/messages/profiles_credit_feature.js';
import { profiles_credit_short } from '@/paraglide/messages/profiles_credit_short.js';
import { profiles_credit_theatre } from '@/paraglide/messages/profiles_credit_theatre.js';
import { profiles_credit_tv } from '@/paraglide/messages/profiles_credit_tv.js';
import { profiles_credit_web_series } from '@/paraglide/messages/profiles_credit_web_series.js';
import { profiles_gender_prefer_not_to_say } from '@/paraglide/messages/profiles_gender_prefer_not_to_say.js';
import { profiles_level_basic } from '@/paraglide/messages/profiles_level_basic.js';
import { profiles_level_fluent } from '@/paraglide/messages/profiles_level_fluent.js';
import { profiles_level_native } from '@/paraglide/messages/profiles_level_native.js';

/** Each craft's name in the page's language (read when shown: a page's language is its render's). */
export const craftLabels: Record<Craft, string> = {
  get actor() {
    return profiles_craft_actor();
  },
  get writer() {
    return profiles_craft_writer();
  },
  get director() {
    return profiles_craft_director();
  },
  get dop() {
    return profiles_craft_dop();
  },
  get editor() {
    return profiles_craft_editor();
  },
  get music() {
    return profiles_craft_music();
  },
  get dancer() {
    return profiles_craft_dancer();
  },
  get voice_artist() {
    return profiles_craft_voice_artist();
  },
  get makeup() {
    return profiles_craft_makeup();
  },
  get costume() {
    return profiles_craft_costume();
  },
  get art() {
    return profiles_craft_art();
  },
  get stunts() {
    return profiles_craft_stunts();
  },
  get casting() {
    return profiles_craft_casting();
  },
  get other() {
    return profiles_craft_other();
  },
};

export const genderLabels: Record<string, string> = {
  get female() {
    return gender_female();
  },
  get male() {
    return gender_male();
  },
  get non_binary() {
    return gender_non_binary();
  },
  get prefer_not_to_say() {
    return profiles_gender_prefer_not_to_say();
  },
};

export const creditTypeLabels: Record<string, string> = {
  get feature() {
    return profiles_credit_feature();
  },
  get web_series() {
    return profiles_credit_web_series();
  },
  get short() {
    return profiles_credit_short();
  },
  get ad() {
    return profiles_credit_ad();
  },
  get theatre() {
    return profiles_credit_theatre();
  },
  get tv() {
    return profiles_credit_tv();
  },
};

export const levelLabels: Record<string, string> = {
  get native() {
    return profiles_level_native();
  },
  get fluent() {
    return profiles_level_fluent();
  },
  get basic() {
    return profiles_level_basic();
  },
};

/** A directory category's name in the page's language; the spec's label (the address's name) stays as it is. */
export const categoryLabel = categoryName;

/** The `srcset` of a profile photo's address (`/backend/uploads/profile/<name>`), when it was uploaded in widths. */
export const photoSrcSet = srcSetOfUrl;
