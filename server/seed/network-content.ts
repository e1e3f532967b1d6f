import type { Craft } from '../../src/contract/profiles.js';

/**
 * The demo network: 60 people across crafts, cities and languages, and 30 organisations across the seven other
 * categories. Built from lists rather than written out, the same on every run.
 */
const firstNames = [
  'Aarav',
  'Ananya',
  'Vikram',
  'Meera',
  'Rohan',
  'Ishita',
  'Kabir',
  'Priya',
  'Arjun',
  'Sana',
  'Dev',
  'Kavya',
  'Nikhil',
  'Tara',
  'Siddharth',
  'Aditi',
  'Farhan',
  'Lakshmi',
  'Rahul',
  'Nandini',
];
const surnames = [
  'Sharma',
  'Iyer',
  'Banerjee',
  'Kulkarni',
  'Reddy',
  'Qureshi',
  'Menon',
  'Gill',
  'Desai',
  'Naidu',
  'Chatterjee',
  'Patil',
  'Fernandes',
  'Rao',
  'Bhatt',
];
const cities = [
  'Mumbai',
  'Chennai',
  'Hyderabad',
  'Kolkata',
  'Pune',
  'Bengaluru',
  'Kochi',
  'Delhi',
  'Lucknow',
  'Chandigarh',
];
const cityLanguage: Record<string, string> = {
  Mumbai: 'Marathi',
  Chennai: 'Tamil',
  Hyderabad: 'Telugu',
  Kolkata: 'Bengali',
  Pune: 'Marathi',
  Bengaluru: 'Kannada',
  Kochi: 'Malayalam',
  Delhi: 'Hindi',
  Lucknow: 'Urdu',
  Chandigarh: 'Punjabi',
};
const personCrafts: { crafts: Craft[]; headline: string; skills: string[] }[] = [
  { crafts: ['actor'], headline: 'Film and theatre actor', skills: ['method acting', 'improvisation'] },
  {
    crafts: ['actor', 'dancer'],
    headline: 'Actor trained in Bharatanatyam',
    skills: ['Bharatanatyam', 'stage combat'],
  },
  { crafts: ['writer'], headline: 'Screenwriter for features and web series', skills: ['screenplay', 'dialogue'] },
  { crafts: ['director'], headline: 'Director of shorts and ad films', skills: ['ad films', 'music videos'] },
  { crafts: ['dop'], headline: 'Cinematographer, ARRI and RED', skills: ['ARRI Alexa', 'night exteriors'] },
  { crafts: ['editor'], headline: 'Editor on DaVinci Resolve and Avid', skills: ['DaVinci Resolve', 'trailer cuts'] },
  { crafts: ['music'], headline: 'Composer and background score', skills: ['background score', 'Carnatic vocals'] },
  { crafts: ['voice_artist'], headline: 'Dubbing and voice-over artist', skills: ['dubbing', 'animation voices'] },
  { crafts: ['makeup'], headline: 'Prosthetics and period make-up', skills: ['prosthetics', 'period looks'] },
  { crafts: ['costume'], headline: 'Costume designer for period films', skills: ['handloom', 'period costume'] },
  { crafts: ['art'], headline: 'Production designer and art director', skills: ['set design', 'miniatures'] },
  { crafts: ['stunts'], headline: 'Stunt performer and action choreographer', skills: ['wire work', 'bike stunts'] },
];

export interface DemoPerson {
  handle: string;
  name: string;
  city: string;
  crafts: Craft[];
  headline: string;
  skills: string[];
  languages: { language: string; level: 'native' | 'fluent' | 'basic' }[];
  gender: 'female' | 'male';
  playingAge: [number, number];
  verified: boolean;
}

const femaleNames = new Set([
  'Ananya',
  'Meera',
  'Ishita',
  'Priya',
  'Sana',
  'Kavya',
  'Tara',
  'Aditi',
  'Lakshmi',
  'Nandini',
]);

export const demoPeople: DemoPerson[] = Array.from({ length: 60 }, (_, index) => {
  const first = firstNames[index % firstNames.length]!;
  const last = surnames[(index * 7) % surnames.length]!;
  const city = cities[(index * 3) % cities.length]!;
  const craft = personCrafts[index % personCrafts.length]!;
  const native = cityLanguage[city]!;
  const age = 22 + ((index * 5) % 30);
  return {
    handle: `${first}-${last}-${index + 1}`.toLowerCase(),
    name: `${first} ${last}`,
    city,
    crafts: craft.crafts,
    headline: `${craft.headline}, ${city}`,
    skills: craft.skills,
    languages: [
      { language: native, level: 'native' },
      ...(native === 'Hindi' ? [] : [{ language: 'Hindi', level: 'fluent' as const }]),
      { language: 'English', level: index % 3 === 0 ? 'basic' : 'fluent' },
    ],
    gender: femaleNames.has(first) ? 'female' : 'male',
    playingAge: [age - 3, age + 4],
    verified: index % 4 === 0,
  };
});

export interface DemoOrganisation {
  handle: string;
  name: string;
  category: string;
  city: string;
  description: string;
  services: string[];
  verified: boolean;
}

const organisationKinds: { category: string; names: string[]; description: string; services: string[] }[] = [
  {
    category: 'Union',
    names: [
      'Western India Cine Workers Guild',
      'South Film Technicians Union',
      'Eastern Screen Artistes Association',
      'Stunt Artistes Welfare Union',
    ],
    description: 'A workers’ association that registers members and settles wage disputes',
    services: ['Membership cards', 'Wage disputes', 'Insurance'],
  },
  {
    category: 'Vendor',
    names: [
      'Prakash Camera Rentals',
      'Lumen Lighting Co.',
      'Reel Caterers',
      'Vintage Props House',
      'Generator Vans Hire',
    ],
    description: 'Equipment and services for shoots, by the day or the schedule',
    services: ['Camera packages', 'Lighting', 'Crew transport'],
  },
  {
    category: 'Production House',
    names: [
      'Monsoon Pictures',
      'Sahyadri Films',
      'Coastline Studios Productions',
      'Blue Lotus Entertainment',
      'Third Bell Films',
    ],
    description: 'Produces feature films, web series and ad films',
    services: ['Feature films', 'Web series', 'Ad films'],
  },
  {
    category: 'Studio',
    names: ['Aarambh Sound Stages', 'Harbour Dubbing Studio', 'Golden Reel Post', 'Kaveri Stage Floors'],
    description: 'Sound stages, dubbing theatres and post-production suites',
    services: ['Sound stage', 'Dubbing', 'Colour grading'],
  },
  {
    category: 'Shooting Location',
    names: ['Konkan Heritage Bungalow', 'Jaisalmer Haveli Stays', 'Munnar Tea Estate', 'Old Fort Street, Kochi'],
    description: 'A location ready for shoots, with parking for unit vans and permissions help',
    services: ['Day rental', 'Permissions', 'Unit parking'],
  },
  {
    category: 'Course',
    names: [
      'Lens & Light Cinematography School',
      'Rangmanch Acting Studio',
      'Cut to Black Editing Academy',
      'Script Room Writing Lab',
    ],
    description: 'Courses taught by working professionals, weekend and full-time batches',
    services: ['Weekend batches', 'Full-time diploma', 'Masterclasses'],
  },
  {
    category: 'Theatre',
    names: ['Prithvi Lane Players', 'Rangashankara Collective', 'Natya Chetana Group', 'Ek Ghar Theatre Company'],
    description: 'A theatre group staging new plays and classics, auditions twice a year',
    services: ['Auditions', 'Workshops', 'Performance space'],
  },
];

export const demoOrganisations: DemoOrganisation[] = organisationKinds.flatMap((kind, kindIndex) =>
  kind.names.map((name, index) => ({
    // A handle is at most 30 characters.
    handle: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 30)
      .replace(/^-+|-+$/g, ''),
    name,
    category: kind.category,
    city: cities[(kindIndex * 2 + index * 3) % cities.length]!,
    description: `${kind.description}.`,
    services: kind.services,
    verified: index % 2 === 0,
  })),
);
