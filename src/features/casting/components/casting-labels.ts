import { formatInr, monthName } from '@/lib/money';
import type { ApplicationStatus, CallCard, CastingRole, ProjectType } from '@/contract/casting';
import { applications_status_submitted } from '@/paraglide/messages/applications_status_submitted.js';
import { applications_status_viewed } from '@/paraglide/messages/applications_status_viewed.js';
import { applications_status_shortlisted } from '@/paraglide/messages/applications_status_shortlisted.js';
import { applications_status_callback } from '@/paraglide/messages/applications_status_callback.js';
import { applications_status_selected } from '@/paraglide/messages/applications_status_selected.js';
import { applications_status_not_selected } from '@/paraglide/messages/applications_status_not_selected.js';
import { applications_status_withdrawn } from '@/paraglide/messages/applications_status_withdrawn.js';
import { auditions_any } from '@/paraglide/messages/auditions_any.js';
import { gender_female } from '@/paraglide/messages/gender_female.js';
import { gender_male } from '@/paraglide/messages/gender_male.js';
import { gender_non_binary } from '@/paraglide/messages/gender_non_binary.js';
import { place_or_remote } from '@/paraglide/messages/place_or_remote.js';
import { place_remote } from '@/paraglide/messages/place_remote.js';
import { project_ad } from '@/paraglide/messages/project_ad.js';
import { project_feature } from '@/paraglide/messages/project_feature.js';
import { project_music_video } from '@/paraglide/messages/project_music_video.js';
import { project_short } from '@/paraglide/messages/project_short.js';
import { project_theatre } from '@/paraglide/messages/project_theatre.js';
import { project_tv } from '@/paraglide/messages/project_tv.js';
import { project_web_series } from '@/paraglide/messages/project_web_series.js';
import { role_any_gender } from '@/paraglide/messages/role_any_gender.js';
import { role_or } from '@/paraglide/messages/role_or.js';
import { role_plays } from '@/paraglide/messages/role_plays.js';
import { role_unpaid } from '@/paraglide/messages/role_unpaid.js';

/** Each project type's name in the page's language (read when shown: a page's language is its render's). */
export const projectTypeLabels: Record<ProjectType, string> = {
  get feature() {
    return project_feature();
  },
  get web_series() {
    return project_web_series();
  },
  get short() {
    return project_short();
  },
  get ad() {
    return project_ad();
  },
  get theatre() {
    return project_theatre();
  },
  get tv() {
    return project_tv();
  },
  get music_video() {
    return project_music_video();
  },
};

/** Each status's name in the page's language (read when shown). */
export const statusLabels: Record<ApplicationStatus, string> = {
  get submitted() {
    return applications_status_submitted();
  },
  get viewed() {
    return applications_status_viewed();
  },
  get shortlisted() {
    return applications_status_shortlisted();
  },
  get callback() {
    return applications_status_callback();
  },
  get selected() {
    return applications_status_selected();
  },
  get not_selected() {
    return applications_status_not_selected();
  },
  get withdrawn() {
    return applications_status_withdrawn();
  },
};

/** Badge colours dark enough for white text (WCAG AA, 4.5:1). */
export const statusColors: Record<ApplicationStatus, string> = {
  submitted: 'gray.7',
  viewed: 'blue.9',
  shortlisted: 'grape.9',
  // Mantine's darkest orange is 4.29:1 under white text: a shade darker.
  callback: '#b8400e',
  selected: 'teal.9',
  not_selected: 'red.9',
  withdrawn: 'gray.7',
};

export const genderWords: Record<string, string> = {
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
    return auditions_any();
  },
};

/**
 * A time the server wrote in India's time (`2026-12-10T23:59:59+05:30`) as people in India read it, whatever the
 * device's time zone: "10 Dec 2026, 11:59 pm". Read from the digits, so that the server's render and the browser's
 * agree.
 */
export function formatIndiaTime(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, year, month, day, hour, minute] = match;
  const hours = Number(hour);
  return `${Number(day)} ${monthName(Number(month) - 1)} ${year}, ${hours % 12 || 12}:${minute} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A date (`2026-12-10`) as "10 Dec 2026". */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${monthName(Number(month) - 1)} ${year}`;
}

/** Whole rupees with Indian grouping: 150000 -> "₹1,50,000". */
export const formatRupees = (amount: number): string => formatInr(amount * 100);

/** "Female · 22-28 · Marathi, Hindi · ₹3,50,000" */
export function roleSummary(
  role: Pick<CastingRole, 'genders' | 'age_min' | 'age_max' | 'languages' | 'paid' | 'pay_inr'>,
) {
  return [
    role.genders.length === 0 ? role_any_gender() : role.genders.map((gender) => genderWords[gender]).join(role_or()),
    role_plays({ min: role.age_min, max: role.age_max }),
    role.languages.join(', '),
    role.paid ? formatRupees(role.pay_inr) : role_unpaid(),
  ]
    .filter(Boolean)
    .join(' · ');
}

export const placeOf = (call: Pick<CallCard, 'city' | 'remote'>) =>
  call.remote ? (call.city ? place_or_remote({ city: call.city }) : place_remote()) : call.city;
