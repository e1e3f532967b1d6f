import type { CallInput, ProjectType } from '../../src/contract/casting.js';

/**
 * The demo casting calls: 12 open across cities and languages, 2 closed, 1 waiting for a moderator, and the two demo
 * logins of the network (a casting director who posts, an actor who applies). Deadlines count from the day of the
 * seed.
 */
export const demoCastingPassword = 'Audition@2026';

export const demoCastingDirector = {
  name: 'Neha Kapoor',
  email: 'neha@cineverse.in',
  handle: 'neha-kapoor-casting',
  headline: 'Casting director for features and web series, Mumbai',
};

export const demoActor = {
  name: 'Arjun Mehta',
  email: 'actor@cineverse.in',
  handle: 'arjun-mehta',
  headline: 'Actor in Hindi and Marathi film and theatre, Mumbai',
};

type Role = CallInput['roles'][number];

export interface DemoCall {
  /** The casting director, or an organisation's handle among the demo network's. */
  poster: 'director' | string;
  title: string;
  type: ProjectType;
  city: string;
  remote?: boolean;
  description: string;
  /** Days from the seed to the deadline (negative: passed). */
  days: number;
  status: 'published' | 'pending' | 'closed';
  violence?: string;
  roles: Role[];
  /** The home page's Auditions item this call answers (by its title). */
  homeItem?: string;
}

const role = (
  name: string,
  genders: Role['genders'],
  ages: [number, number],
  languages: string[],
  pay: number,
  extra: Partial<Role> = {},
): Role => ({
  name,
  description: extra.description ?? `${name}: a speaking part with scenes across the schedule.`,
  genders,
  age_min: ages[0],
  age_max: ages[1],
  languages,
  paid: pay > 0,
  pay_inr: pay,
  openings: 1,
  ...extra,
});

export const demoCalls: DemoCall[] = [
  {
    poster: 'director',
    title: 'Monsoon Letters',
    type: 'feature',
    city: 'Ratnagiri',
    description:
      'A Marathi-Hindi feature about letters lost in the 2005 floods and the postman who delivers them twenty years late. Shooting in Ratnagiri in February.',
    days: 21,
    status: 'published',
    homeItem: 'Female lead, 22-28, Marathi-speaking: feature film',
    roles: [
      role('Sarita (lead)', ['female'], [22, 28], ['Marathi', 'Hindi'], 350000, {
        requires: { photo: true, reel: false, self_tape: true },
        self_tape_instructions: 'Two minutes in Marathi: scene 12, Sarita reads the first letter aloud.',
      }),
      role('Vinayak, the postman', ['male'], [45, 60], ['Marathi'], 200000),
      role('Young Vinayak', ['male'], [20, 28], ['Marathi', 'Hindi'], 120000),
    ],
  },
  {
    poster: 'monsoon-pictures',
    title: 'Chhota Jasoos',
    type: 'web_series',
    city: 'Mumbai',
    description: 'A Hindi web series about three children who run a detective agency from a Dadar chawl.',
    days: 14,
    status: 'published',
    homeItem: 'Child artists, 8-12: Hindi web series',
    roles: [
      role('Pinky', ['female'], [8, 12], ['Hindi'], 60000, {
        description: 'The agency’s boss. A parent or guardian attends every audition and shoot day.',
      }),
      role('Golu', ['male'], [8, 12], ['Hindi'], 60000, {
        description: 'The one who remembers everything. A parent or guardian attends every audition and shoot day.',
      }),
    ],
  },
  {
    poster: 'sahyadri-films',
    title: 'Godavari Nights: song sequence',
    type: 'feature',
    city: 'Hyderabad',
    description: 'Trained dancers for a festival song in a Telugu feature; five shoot days in March.',
    days: 10,
    status: 'published',
    homeItem: 'Trained dancers for a song sequence in Hyderabad',
    roles: [
      role('Lead dancers', ['female', 'male'], [18, 30], ['Telugu'], 45000, {
        description: 'Kuchipudi or Bharatanatyam background preferred.',
        openings: 12,
        requires: { photo: true, reel: true, self_tape: false },
      }),
    ],
  },
  {
    poster: 'harbour-dubbing-studio',
    title: 'Tara & the Tigers',
    type: 'tv',
    city: 'Mumbai',
    description: 'A Hindi animated series for children; recordings in a Goregaon studio.',
    days: 25,
    status: 'published',
    homeItem: 'Voice artists for a Hindi animated series',
    roles: [
      role('Tara (voice)', ['female'], [10, 40], ['Hindi'], 80000, {
        requires: { photo: false, reel: false, self_tape: true },
        self_tape_instructions: 'A one-minute voice clip: Tara meets the tiger cub.',
      }),
      role('Supporting voices', [], [18, 60], ['Hindi'], 30000, { openings: 6 }),
    ],
  },
  {
    poster: 'coastline-studios-productions',
    title: 'Kadal Kaatru',
    type: 'feature',
    city: 'Chennai',
    description: 'A Tamil fishing-village drama; shoot in Pulicat and Chennai from April.',
    days: 30,
    status: 'published',
    violence: 'One storm sequence at sea and a fistfight; no nudity.',
    roles: [
      role('Murugan', ['male'], [25, 35], ['Tamil'], 250000),
      role('Selvi', ['female'], [22, 30], ['Tamil'], 250000),
    ],
  },
  {
    poster: 'third-bell-films',
    title: 'Trams of Kolkata',
    type: 'short',
    city: 'Kolkata',
    description: 'A Bengali short film about the last tram conductor on the Esplanade route.',
    days: 5,
    status: 'published',
    roles: [role('The conductor', ['male'], [55, 70], ['Bengali'], 0)],
  },
  {
    poster: 'director',
    title: 'Filter Coffee: ad film',
    type: 'ad',
    city: 'Bengaluru',
    description: 'A 30-second ad for a coffee brand; one shoot day in Basavanagudi.',
    days: 4,
    status: 'published',
    roles: [
      role('Grandmother', ['female'], [60, 75], ['Kannada'], 40000),
      role('Grandson', ['male'], [20, 28], ['Kannada', 'Hindi'], 30000),
    ],
  },
  {
    poster: 'monsoon-pictures',
    title: 'Backwaters',
    type: 'web_series',
    city: 'Kochi',
    description: 'A Malayalam crime series set on a houseboat; eight episodes.',
    days: 18,
    status: 'published',
    violence: 'Crime scenes with blood; no nudity or intimacy.',
    roles: [
      role('Inspector Anjali', ['female'], [30, 40], ['Malayalam'], 300000),
      role('Boatman Kuttan', ['male'], [40, 55], ['Malayalam'], 150000),
    ],
  },
  {
    poster: 'aarambh-sound-stages',
    title: 'Nawab Sahab',
    type: 'feature',
    city: 'Lucknow',
    description: 'An Urdu-Hindi period drama in 1920s Lucknow, shot on the Aarambh floors.',
    days: 35,
    status: 'published',
    roles: [
      role('Nawab Wajid', ['male'], [45, 60], ['Urdu', 'Hindi'], 400000),
      role('Begum Zeenat', ['female'], [35, 50], ['Urdu', 'Hindi'], 400000),
    ],
  },
  {
    poster: 'director',
    title: 'Pehli Baarish: music video',
    type: 'music_video',
    city: 'Pune',
    description: 'A Marathi monsoon song shot in a day on Sinhagad road.',
    days: 12,
    status: 'published',
    roles: [role('The couple', ['female', 'male'], [20, 30], ['Marathi', 'Hindi'], 25000, { openings: 2 })],
  },
  {
    poster: 'golden-reel-post',
    title: 'Dhol Wajda',
    type: 'feature',
    city: 'Chandigarh',
    description: 'A Punjabi wedding comedy; shoot in Chandigarh and Patiala.',
    days: 40,
    status: 'published',
    roles: [
      role('Bride’s father', ['male'], [50, 65], ['Punjabi'], 180000),
      role('Best friend', ['female', 'male', 'non_binary'], [22, 32], ['Punjabi', 'Hindi'], 90000),
    ],
  },
  {
    poster: 'director',
    title: 'Hello, Helpline: self-tape call',
    type: 'ad',
    city: '',
    remote: true,
    description: 'A bank’s ad campaign; cast entirely from self-tapes, shot in Delhi.',
    days: 9,
    status: 'published',
    roles: [
      role('Call-centre agent', [], [22, 35], ['Hindi', 'English'], 35000, {
        requires: { photo: true, reel: false, self_tape: true },
        self_tape_instructions: 'Thirty seconds: greet a caller and calm them down, in Hindi and English.',
      }),
    ],
  },
  {
    poster: 'director',
    title: 'Paper Boats',
    type: 'short',
    city: 'Mumbai',
    description: 'A short film about two brothers in Dharavi. Cast and shot.',
    days: -20,
    status: 'closed',
    roles: [role('Elder brother', ['male'], [14, 18], ['Hindi'], 20000)],
  },
  {
    poster: 'monsoon-pictures',
    title: 'Saat Pheras',
    type: 'theatre',
    city: 'Delhi',
    description: 'A Hindi stage comedy for a twelve-city tour. Cast.',
    days: -10,
    status: 'closed',
    roles: [role('Dolly', ['female'], [25, 35], ['Hindi'], 50000)],
  },
  {
    poster: 'blue-lotus-entertainment',
    title: 'Runway Dreams',
    type: 'web_series',
    city: 'Delhi',
    description: 'A Hindi drama set in a fashion school. Waiting for a moderator: its poster is not verified yet.',
    days: 28,
    status: 'pending',
    roles: [role('Kiara', ['female'], [19, 24], ['Hindi', 'English'], 150000)],
  },
];
