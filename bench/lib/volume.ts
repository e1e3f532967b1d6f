import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../../server/src/db/client.js';
import { seedDemoContent } from '../../server/seed/seed.js';
import { fillSearchKeys } from '../../server/src/lib/search-keys.js';
import { API } from './shop-api.js';

/**
 * The data-volume stage: a database with the demo content and `count` more profiles, then the directory's three
 * kinds of search under load. The profiles are made by the database itself (generate_series), in batches, from
 * lists of names, cities, languages and crafts large enough that a search matches what it would in a real network.
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
  'Yash',
  'Pooja',
  'Imran',
  'Sneha',
  'Karthik',
  'Divya',
  'Manoj',
  'Zoya',
  'Harsh',
  'Gauri',
  'Tanvir',
  'Rekha',
  'Omkar',
  'Bhavna',
  'Suresh',
  'Jyoti',
  'Pranav',
  'Esha',
  'Wasim',
  'Chitra',
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
  'Khan',
  'Joshi',
  'Pillai',
  'Das',
  'Sethi',
  'Mishra',
  'Hegde',
  'Saxena',
  'Bose',
  'Kapoor',
  'Nair',
  'Thakur',
  'Verma',
  'Ghosh',
  'Shetty',
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
  'Jaipur',
  'Ahmedabad',
  'Bhopal',
  'Guwahati',
  'Indore',
  'Patna',
  'Mysuru',
  'Visakhapatnam',
  'Nagpur',
  'Goa',
];
const languages = [
  'Hindi',
  'Tamil',
  'Telugu',
  'Bengali',
  'Marathi',
  'Kannada',
  'Malayalam',
  'Urdu',
  'Punjabi',
  'Gujarati',
  'English',
  'Odia',
  'Assamese',
];
const crafts = ['actor', 'writer', 'director', 'dop', 'editor', 'music', 'dancer', 'voice_artist', 'makeup', 'stunts'];
const headlines = [
  'Film and theatre actor',
  'Screenwriter for features and web series',
  'Director of shorts and ad films',
  'Cinematographer, ARRI and RED',
  'Editor on DaVinci Resolve and Avid',
  'Composer and background score',
  'Kathak and contemporary dancer',
  'Dubbing and voice-over artist',
  'Prosthetics and period make-up',
  'Stunt performer and action choreographer',
];
const skills = [
  'method acting',
  'screenplay',
  'ad films',
  'night exteriors',
  'trailer cuts',
  'background score',
  'Kathak',
  'dubbing',
  'prosthetics',
  'wire work',
  'improvisation',
  'stage combat',
  'horse riding',
  'swimming',
  'folk songs',
];
const organisationCategories = [
  'Union',
  'Vendor',
  'Production House',
  'Studio',
  'Shooting Location',
  'Course',
  'Theatre',
];

/**
 * A third of the profiles (id divisible by 3) are written in Devanagari: the same names and cities in Hindi, so that
 * a search in either script finds members written in the other.
 */
const firstNamesHindi = [
  'आरव',
  'अनन्या',
  'विक्रम',
  'मीरा',
  'रोहन',
  'इशिता',
  'कबीर',
  'प्रिया',
  'अर्जुन',
  'सना',
  'देव',
  'काव्या',
  'निखिल',
  'तारा',
  'सिद्धार्थ',
  'अदिति',
  'फ़रहान',
  'लक्ष्मी',
  'राहुल',
  'नंदिनी',
  'यश',
  'पूजा',
  'इमरान',
  'स्नेहा',
  'कार्तिक',
  'दिव्या',
  'मनोज',
  'ज़ोया',
  'हर्ष',
  'गौरी',
  'तनवीर',
  'रेखा',
  'ओमकार',
  'भावना',
  'सुरेश',
  'ज्योति',
  'प्रणव',
  'ईशा',
  'वसीम',
  'चित्रा',
];
const surnamesHindi = [
  'शर्मा',
  'अय्यर',
  'बनर्जी',
  'कुलकर्णी',
  'रेड्डी',
  'क़ुरैशी',
  'मेनन',
  'गिल',
  'देसाई',
  'नायडू',
  'चटर्जी',
  'पाटिल',
  'फ़र्नांडिस',
  'राव',
  'भट्ट',
  'ख़ान',
  'जोशी',
  'पिल्लई',
  'दास',
  'सेठी',
  'मिश्रा',
  'हेगड़े',
  'सक्सेना',
  'बोस',
  'कपूर',
  'नायर',
  'ठाकुर',
  'वर्मा',
  'घोष',
  'शेट्टी',
];
const citiesHindi = [
  'मुंबई',
  'चेन्नई',
  'हैदराबाद',
  'कोलकाता',
  'पुणे',
  'बेंगलुरु',
  'कोच्चि',
  'दिल्ली',
  'लखनऊ',
  'चंडीगढ़',
  'जयपुर',
  'अहमदाबाद',
  'भोपाल',
  'गुवाहाटी',
  'इंदौर',
  'पटना',
  'मैसूरु',
  'विशाखापत्तनम',
  'नागपुर',
  'गोवा',
];

const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]`);
/** SQL that picks one of `values` by the expression `index` (rows made by generate_series). */
export const pick = (values: string[], index: string) =>
  sql`(${textArray(values)})[1 + (${sql.raw(index)}) % ${values.length}]`;

/** Migrates and seeds the database `options` name, then adds `count` profiles (one in eight an organisation). */
export async function fillProfiles(options: DatabaseOptions, uploadsDir: string, count: number): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemoContent(database.db, uploadsDir);
    const batch = 10_000;
    for (let start = 1; start <= count; start += batch) {
      const end = Math.min(count, start + batch - 1);
      await database.db.execute(sql`
        with accounts as (
          insert into users (name, email, password_hash, email_confirmed_at)
          select 'Volume member ' || g, 'volume-' || g || '@bench.invalid', 'bench-member-without-login', now()
          from generate_series(${start}::int, ${end}::int) as g
          returning id
        )
        insert into profiles (user_id, kind, handle, display_name, category, crafts, headline, city, languages,
          skills, playing_age_min, playing_age_max, gender, verified, updated_at)
        select id,
          case when id % 8 = 0 then 'organisation' else 'person' end,
          'volume-' || id,
          case when id % 3 = 0 then ${pick(firstNamesHindi, 'id * 7')} || ' ' || ${pick(surnamesHindi, 'id / 7')}
            else ${pick(firstNames, 'id * 7')} || ' ' || ${pick(surnames, 'id / 7')} end,
          case when id % 8 = 0 then ${pick(organisationCategories, 'id / 8')} else 'Artist' end,
          case when id % 8 = 0 then '[]'::jsonb else jsonb_build_array(${pick(crafts, 'id * 3')}) end,
          ${pick(headlines, 'id * 3')},
          case when id % 3 = 0 then ${pick(citiesHindi, 'id * 11')} else ${pick(cities, 'id * 11')} end,
          jsonb_build_array(
            jsonb_build_object('language', ${pick(languages, 'id * 11')}, 'level', 'native'),
            jsonb_build_object('language', ${pick(languages, 'id * 5 + 3')}, 'level', 'fluent')),
          jsonb_build_array(${pick(skills, 'id')}, ${pick(skills, 'id * 13 + 4')}),
          case when id % 8 = 0 then null else 16 + id % 30 end,
          case when id % 8 = 0 then null else 24 + id % 30 end,
          case when id % 8 = 0 then null else (array['female', 'male', 'non_binary'])[1 + id % 3] end,
          id % 5 = 0,
          now() - make_interval(mins => id % 100000)
        from accounts`);
    }
    // The rows above are written by SQL: their search keys are written as the migrate command writes them.
    await fillSearchKeys(database.db);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

export interface VolumeFigures {
  database: string;
  profiles: number;
  search: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
}

/** The directory's three searches: a name's first letters, a language with a city, and words of a headline or skill. */
export const volumeSearches: { name: string; queries: string[] }[] = [
  {
    // A name's first letters in either script: each finds the members written in both.
    name: 'name prefix',
    queries: [...firstNames, ...firstNamesHindi]
      .flatMap((name) => [name.slice(0, 3), name.slice(0, 4), name])
      .map((term) => `search=${encodeURIComponent(term)}`),
  },
  {
    name: 'language + city',
    queries: [...cities, ...citiesHindi].flatMap((city, index) =>
      [languages[index % languages.length]!, 'Hindi', 'English'].map(
        (language) => `category=Artist&language=${language}&city=${encodeURIComponent(city)}`,
      ),
    ),
  },
  {
    name: 'free text',
    queries: [...skills, ...headlines.map((headline) => headline.split(' ').slice(0, 2).join(' '))].map(
      (term) => `search=${encodeURIComponent(term)}`,
    ),
  },
];

/** Each search in turn at `connections`, its queries cycling so that no two requests in a row are the same. */
export async function measureSearches(
  baseUrl: string,
  label: { database: string; profiles: number },
  settings: { connections: number; durationSeconds: number },
  log: (line: string) => void,
): Promise<VolumeFigures[]> {
  const figures: VolumeFigures[] = [];
  for (const search of volumeSearches) {
    let next = 0;
    const result = await autocannon({
      url: baseUrl,
      connections: settings.connections,
      duration: settings.durationSeconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const query = search.queries[next % search.queries.length]!;
            next += 1;
            return { ...request, path: `${API}/api/v1/profiles?${query}` };
          },
        },
      ],
    });
    const row: VolumeFigures = {
      ...label,
      search: search.name,
      rps: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      requests: result.requests.total,
    };
    log(
      `  ${label.database}, ${label.profiles.toLocaleString('en-IN')} profiles, ${row.search}: ` +
        `${row.rps.toFixed(0)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${row.errors}`,
    );
    figures.push(row);
  }
  return figures;
}

export const volumeUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
