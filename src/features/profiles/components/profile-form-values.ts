import {
  ADULT_AGE,
  PERSON_CATEGORY,
  type Craft,
  type MyProfile,
  type ProfileInput,
  type ProfileKind,
  type PublicProfile,
} from '@/contract/profiles';
import { profile_edit_your_name } from '@/paraglide/messages/profile_edit_your_name.js';

type Gender = NonNullable<MyProfile['gender']>;
type CreditType = MyProfile['credits'][number]['type'];
type Level = MyProfile['languages'][number]['level'];

/** The profile as the form holds it: empty inputs are '' (a number input's empty value), turned into null on save. */
export interface ProfileFormValues {
  kind: ProfileKind;
  handle: string;
  display_name: string;
  category: string;
  crafts: Craft[];
  headline: string;
  bio: string;
  city: string;
  languages: { language: string; level: Level }[];
  skills: string[];
  playing_age_min: number | '';
  playing_age_max: number | '';
  gender: Gender | null;
  height_cm: number | '';
  union_name: string;
  union_number: string;
  credits: { title: string; year: number | ''; role: string; type: CreditType }[];
  reels: string[];
  website: string;
  address: string;
  phone: string;
  email: string;
  services: string[];
  visibility: 'public' | 'hidden';
  show: { phone: boolean; email: boolean; height: boolean; age: boolean };
  date_of_birth: string;
  guardian: { name: string; contact: string };
}

export function emptyProfileValues(kind: ProfileKind): ProfileFormValues {
  return {
    kind,
    handle: '',
    display_name: '',
    category: kind === 'person' ? PERSON_CATEGORY : '',
    crafts: [],
    headline: '',
    bio: '',
    city: '',
    languages: [],
    skills: [],
    playing_age_min: '',
    playing_age_max: '',
    gender: null,
    height_cm: '',
    union_name: '',
    union_number: '',
    credits: [],
    reels: [],
    website: '',
    address: '',
    phone: '',
    email: '',
    services: [],
    visibility: 'public',
    show: { phone: false, email: false, height: false, age: false },
    date_of_birth: '',
    guardian: { name: '', contact: '' },
  };
}

const orEmpty = (value: number | null | undefined): number | '' => value ?? '';
const orNull = (value: number | ''): number | null => (value === '' ? null : value);

/** The form's values for a saved profile, or for an edit still waiting in the outbox. */
export function profileFormValues(profile: MyProfile | ProfileInput): ProfileFormValues {
  const guardian = profile.guardian;
  return {
    ...emptyProfileValues(profile.kind),
    handle: profile.handle,
    display_name: profile.display_name,
    category: profile.category,
    crafts: [...(profile.crafts ?? [])],
    headline: profile.headline ?? '',
    bio: profile.bio ?? '',
    city: profile.city,
    languages: (profile.languages ?? []).map((item) => ({ ...item })),
    skills: [...(profile.skills ?? [])],
    playing_age_min: orEmpty(profile.playing_age_min),
    playing_age_max: orEmpty(profile.playing_age_max),
    gender: profile.gender ?? null,
    height_cm: orEmpty(profile.height_cm),
    union_name: profile.union_name ?? '',
    union_number: profile.union_number ?? '',
    credits: (profile.credits ?? []).map((credit) => ({ ...credit, role: credit.role ?? '' })),
    reels: [...(profile.reels ?? [])],
    website: profile.website ?? '',
    address: profile.address ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    services: [...(profile.services ?? [])],
    visibility: profile.visibility ?? 'public',
    show: { phone: false, email: false, height: false, age: false, ...profile.show },
    date_of_birth: profile.date_of_birth ?? '',
    guardian: guardian ? { name: guardian.name, contact: guardian.contact } : { name: '', contact: '' },
  };
}

/** Age in whole years on `today` of a `YYYY-MM-DD` date of birth, or null when there is none. */
export function ageOn(dateOfBirth: string, today = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (hadBirthday ? 0 : 1);
}

export const isMinor = (values: ProfileFormValues) => {
  const age = ageOn(values.date_of_birth);
  return age !== null && age < ADULT_AGE;
};

/** What `PUT /me/profile` is sent: a person's fields or an organisation's, empty inputs as null. */
export function profileInput(values: ProfileFormValues): ProfileInput {
  const person = values.kind === 'person';
  const guardianGiven = values.guardian.name.trim() || values.guardian.contact.trim();
  return {
    kind: values.kind,
    handle: values.handle,
    display_name: values.display_name,
    category: person ? PERSON_CATEGORY : values.category,
    crafts: person ? values.crafts : [],
    headline: values.headline,
    bio: values.bio,
    city: values.city,
    languages: values.languages,
    skills: person ? values.skills : [],
    playing_age_min: person ? orNull(values.playing_age_min) : null,
    playing_age_max: person ? orNull(values.playing_age_max) : null,
    gender: person ? values.gender : null,
    height_cm: person ? orNull(values.height_cm) : null,
    union_name: person ? values.union_name : '',
    union_number: person ? values.union_number : '',
    credits: person
      ? values.credits.map((credit) => ({ ...credit, year: credit.year === '' ? NaN : credit.year }))
      : [],
    reels: values.reels.filter((reel) => reel.trim() !== ''),
    website: values.website,
    address: person ? '' : values.address,
    phone: values.phone,
    email: values.email,
    services: person ? [] : values.services,
    visibility: values.visibility,
    show: values.show,
    date_of_birth: person && values.date_of_birth ? values.date_of_birth : null,
    guardian:
      person && (isMinor(values) || guardianGiven)
        ? { name: values.guardian.name, contact: values.guardian.contact }
        : null,
  };
}

/** The public page as it will look once saved: hidden details left out, as the server leaves them out. */
export function previewProfile(values: ProfileFormValues, saved: MyProfile | null): PublicProfile {
  const input = profileInput(values);
  const age = ageOn(values.date_of_birth);
  return {
    kind: input.kind,
    handle: input.handle,
    display_name: input.display_name || profile_edit_your_name(),
    category: input.category,
    crafts: input.crafts ?? [],
    headline: input.headline ?? '',
    bio: input.bio ?? '',
    city: input.city,
    languages: input.languages ?? [],
    skills: input.skills ?? [],
    playing_age_min: input.playing_age_min ?? null,
    playing_age_max: input.playing_age_max ?? null,
    gender: input.gender ?? null,
    ...(values.show.height ? { height_cm: input.height_cm ?? null } : {}),
    ...(values.show.age && age !== null ? { age } : {}),
    union_name: input.union_name ?? '',
    union_number: input.union_number ?? '',
    credits: values.credits
      .filter((credit) => credit.title && credit.year !== '')
      .map((credit) => ({ ...credit, year: Number(credit.year) })),
    reels: input.reels ?? [],
    photos: saved?.photos ?? [],
    website: input.website ?? '',
    address: input.address ?? '',
    ...(values.show.phone && values.phone && !isMinor(values) ? { phone: values.phone } : {}),
    ...(values.show.email && values.email && !isMinor(values) ? { email: values.email } : {}),
    services: input.services ?? [],
    verified: saved?.verified ?? false,
    verified_reason: saved?.verified_reason ?? null,
    updated_at: saved?.updated_at ?? new Date().toISOString(),
  };
}
