/**
 * Names and cities found whichever script they are written in: Devanagari is read into Latin letters as a Hindi
 * speaker says it, and both scripts are folded into one loose form (case, long and short vowels, aspiration, doubled
 * letters, w/v, ph/f, sh/s), so that "Priya Sharma" and "प्रिया शर्मा" meet as "priya sarma".
 * See docs/decisions/2026-11-28-either-script-search.md.
 */

const VIRAMA = '\u094D';
const NUKTA = '\u093C';

const independentVowels: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ii',
  उ: 'u',
  ऊ: 'uu',
  ऋ: 'ri',
  ॠ: 'rii',
  ऌ: 'li',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऍ: 'e',
  ऎ: 'e',
  ऑ: 'o',
  ऒ: 'o',
};

const vowelSigns: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ii',
  'ु': 'u',
  'ू': 'uu',
  'ृ': 'ri',
  'ॄ': 'rii',
  'ॢ': 'li',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॅ': 'e',
  'ॆ': 'e',
  'ॉ': 'o',
  'ॊ': 'o',
};

const consonants: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};

/** A consonant with a nukta (क़ ज़ फ़ ड़...), as Urdu and Hindi words borrowed from it are written in Latin letters. */
const nuktaConsonants: Record<string, string> = {
  क: 'q',
  ख: 'kh',
  ग: 'g',
  ज: 'z',
  ड: 'r',
  ढ: 'rh',
  फ: 'f',
  य: 'y',
  न: 'n',
  र: 'r',
  ळ: 'l',
};

interface Syllable {
  /** Latin letters of the consonant; empty for a vowel written on its own (अ, ई...). */
  consonant: string;
  /** The vowel: `a` when inherent, empty after a virama (the consonant joins the next one). */
  vowel: string;
  inherent: boolean;
  /** A nasal (anusvara, chandrabindu) or a visarga after the vowel. */
  coda: '' | 'nasal' | 'h';
}

/** The nasal an anusvara stands for before the next consonant: m before p, b, m; ng before h (सिंह "singh"). */
function nasalBefore(next: string | undefined): string {
  if (next && /^[pbm]/.test(next)) return 'm';
  if (next && next.startsWith('h')) return 'ng';
  return 'n';
}

function spell(syllables: Syllable[]): string {
  return syllables
    .map((syllable, index) => {
      const coda =
        syllable.coda === 'nasal' ? nasalBefore(syllables[index + 1]?.consonant) : syllable.coda === 'h' ? 'h' : '';
      return syllable.consonant + syllable.vowel + coda;
    })
    .join('');
}

/**
 * One Devanagari word in Latin letters, in two readings: as spoken (Hindi drops the inherent `a` of a consonant
 * between a vowel and a consonant with its vowel, "कोलकाता" kolkata, "राजकुमार" rajkumar) and as often written in
 * Latin letters (the inherent `a` kept inside the word, "चौधरी" chaudhari). Both drop it at the end of a word of
 * several syllables ("राम" ram), except after a cluster, where the written one keeps it ("कृष्ण" krishna) and the
 * spoken one keeps it only after r, y, v or l ("मित्र" mitra, "सिद्धार्थ" siddharth).
 */
function readWord(syllables: Syllable[], partial: boolean): [spoken: string, written: string] {
  const deletable = (syllable: Syllable) => syllable.inherent && syllable.coda === '' && syllable.consonant !== '';
  const last = syllables.length - 1;
  const spoken = syllables.map((syllable) => ({ ...syllable }));
  const written = syllables.map((syllable) => ({ ...syllable }));
  if (partial && deletable(syllables[last]!)) {
    // A word still being typed: its last consonant may yet take a vowel sign ("प्र" on the way to "प्रिया").
    spoken[last]!.vowel = '';
    written[last]!.vowel = '';
  } else if (last >= 1 && deletable(syllables[last]!)) {
    const afterCluster = syllables[last - 1]!.vowel === '';
    if (!afterCluster) written[last]!.vowel = '';
    if (!afterCluster || !/^[ryvl]$/.test(syllables[last]!.consonant)) spoken[last]!.vowel = '';
  }
  for (let index = last - 1; index >= 1; index -= 1) {
    const previous = spoken[index - 1]!;
    const next = spoken[index + 1]!;
    if (
      deletable(spoken[index]!) &&
      previous.vowel !== '' &&
      previous.coda === '' &&
      next.consonant !== '' &&
      next.vowel !== ''
    ) {
      spoken[index]!.vowel = '';
    }
  }
  return [spell(spoken), spell(written)];
}

/**
 * `text` with its Devanagari read into Latin letters, in the two readings of readWord (identical when the text has
 * no Devanagari or no inherent vowel to drop); everything else is left as it is. `partial`: the text is a search,
 * whose last word may be typed in part, so that word's closing inherent vowel is left out.
 */
export function romanise(text: string, partial = false): [spoken: string, written: string] {
  const characters = [...text.trimEnd().normalize('NFD')];
  let spoken = '';
  let written = '';
  let word: Syllable[] = [];
  const flush = (atEnd = false) => {
    if (word.length === 0) return;
    const [wordSpoken, wordWritten] = readWord(word, partial && atEnd);
    spoken += wordSpoken;
    written += wordWritten;
    word = [];
  };
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index]!;
    const consonant = consonants[character];
    if (consonant !== undefined) {
      let latin = consonant;
      if (characters[index + 1] === NUKTA) {
        latin = nuktaConsonants[character] ?? consonant;
        index += 1;
      }
      const sign = characters[index + 1];
      if (sign === VIRAMA) {
        word.push({ consonant: latin, vowel: '', inherent: false, coda: '' });
        index += 1;
      } else if (sign !== undefined && vowelSigns[sign] !== undefined) {
        word.push({ consonant: latin, vowel: vowelSigns[sign], inherent: false, coda: '' });
        index += 1;
      } else {
        word.push({ consonant: latin, vowel: 'a', inherent: true, coda: '' });
      }
    } else if (independentVowels[character] !== undefined) {
      word.push({ consonant: '', vowel: independentVowels[character], inherent: false, coda: '' });
    } else if (character === '\u0902' || character === '\u0901') {
      if (word.length > 0) word.at(-1)!.coda = 'nasal';
    } else if (character === '\u0903') {
      if (word.length > 0) word.at(-1)!.coda = 'h';
    } else if (character === NUKTA || character === '\u200C' || character === '\u200D' || character === 'ऽ') {
      // A stray nukta, a joiner or an avagraha changes nothing of the sound.
    } else if (character >= '\u0966' && character <= '\u096F') {
      flush();
      spoken += String(character.charCodeAt(0) - 0x0966);
      written += String(character.charCodeAt(0) - 0x0966);
    } else {
      flush();
      spoken += character;
      written += character;
    }
  }
  flush(true);
  return [spoken, written];
}

/**
 * One word of Latin letters folded loosely: long and short vowels alike (aa/a, ee/ii/i, oo/uu/u), aspiration
 * dropped (bh/b, th/t, sh/s, ch/c), doubled letters single, w/v, ph/f, z/j, q/k, x/ks, jn/gy ("Jnanesh", "Gyanesh"),
 * ou/au, m before a consonant other than p, b, m as n, and a closing y after a consonant as i ("Chaudhary").
 */
function foldWord(word: string): string {
  return word
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ou/g, 'au')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/ph/g, 'f')
    .replace(/jn/g, 'gy')
    .replace(/([^aeiouh])h+/g, '$1')
    .replace(/ey$/, 'e')
    .replace(/([^aeiouy])y$/, '$1i')
    .replace(/m(?=[^aeioupbmy])/g, 'n')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Surnames whose Hindi spelling reads differently from their usual Latin one (South Indian and Bengali names):
 * each word folded from one of these is the first one's fold.
 */
const NAME_SPELLINGS: readonly (readonly string[])[] = [
  ['Iyer', 'Ayyar', 'अय्यर', 'आयर'],
  ['Nair', 'नायर'],
  ['Rao', 'राव'],
  ['Naidu', 'नायडू', 'नायडु'],
  ['Banerjee', 'बनर्जी', 'बैनर्जी'],
  ['Chatterjee', 'चटर्जी', 'चैटर्जी'],
  ['Mukherjee', 'मुखर्जी'],
  ['Qureshi', 'क़ुरैशी', 'कुरैशी'],
];

/** Latin letters and digits only, in lower case, words single-spaced; accents dropped ("Śarmā" → "sarma"). */
function latinWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

function spellingsTable(groups: readonly (readonly string[])[], fold: (text: string) => string[]) {
  const table = new Map<string, string>();
  for (const group of groups) {
    const [canonical] = fold(group[0]!);
    for (const spelling of group) for (const form of fold(spelling)) if (!table.has(form)) table.set(form, canonical!);
  }
  return table;
}

/** The folded forms of `text` without the name table (each reading of romanise, distinct). */
function bareForms(text: string): string[] {
  const forms = romanise(text).map((reading) => latinWords(reading).map(foldWord).join(' '));
  return [...new Set(forms)];
}

const nameSpellings = spellingsTable(NAME_SPELLINGS, bareForms);

/**
 * The loose forms `text` may be read as, in either script: one for Latin text, up to two for Devanagari (as spoken
 * and as written in Latin letters). "प्रिया शर्मा" → ["priya sarma"]; "Chaudhary" → ["caudari"]; "चौधरी" →
 * ["caudri", "caudari"]. Empty for a text with no letter or digit in these scripts. `partial`: a search being typed
 * (see romanise), "प्र" → ["pr"].
 */
export function foldedForms(text: string, { partial = false }: { partial?: boolean } = {}): string[] {
  const forms = romanise(text, partial).map((reading) =>
    latinWords(reading)
      .map((word) => {
        const folded = foldWord(word);
        return nameSpellings.get(folded) ?? folded;
      })
      .join(' '),
  );
  return [...new Set(forms)].filter((form) => form !== '');
}

/**
 * The searchable key of a name, stored beside it: its forms, each after a space so that every word starts after
 * one (a search matches at the start of a word, `like '% pri%'`, through the trigram index), joined by " ~".
 * "प्रिया शर्मा" → " priya sarma"; "चौधरी" → " caudri ~ caudari".
 */
export function nameKey(name: string): string {
  return foldedForms(name)
    .map((form) => ` ${form}`)
    .join(' ~');
}

/**
 * The cities the network offers, with their other names and their Hindi spellings: a city typed in any of them
 * finds the same members and calls. The first name is the one its key is made of.
 */
export const CITY_NAMES: readonly (readonly string[])[] = [
  ['Mumbai', 'Bombay', 'मुंबई', 'मुम्बई', 'बंबई', 'बम्बई'],
  ['Delhi', 'New Delhi', 'Dilli', 'दिल्ली', 'नई दिल्ली', 'देहली'],
  ['Bengaluru', 'Bangalore', 'Banglore', 'बेंगलुरु', 'बेंगलूरु', 'बंगलुरु', 'बेंगलुरू', 'बंगलौर', 'बैंगलोर', 'बेंगलोर'],
  ['Chennai', 'Madras', 'चेन्नई', 'चेन्नै', 'मद्रास'],
  ['Kolkata', 'Calcutta', 'कोलकाता', 'कलकत्ता'],
  ['Hyderabad', 'हैदराबाद'],
  ['Pune', 'Poona', 'पुणे', 'पूना', 'पुने'],
  ['Kochi', 'Cochin', 'कोच्चि', 'कोची', 'कोचीन'],
  ['Lucknow', 'लखनऊ'],
  ['Chandigarh', 'चंडीगढ़', 'चण्डीगढ़'],
  ['Jaipur', 'जयपुर'],
  ['Ahmedabad', 'Amdavad', 'अहमदाबाद', 'अमदावाद'],
  ['Bhopal', 'भोपाल'],
  ['Guwahati', 'Gauhati', 'गुवाहाटी'],
  ['Indore', 'इंदौर', 'इन्दौर'],
  ['Patna', 'पटना'],
  ['Mysuru', 'Mysore', 'मैसूरु', 'मैसूर'],
  ['Visakhapatnam', 'Vizag', 'Vishakhapatnam', 'विशाखापत्तनम', 'विशाखापट्टनम'],
  ['Nagpur', 'नागपुर'],
  ['Goa', 'गोवा'],
  ['Thiruvananthapuram', 'Trivandrum', 'तिरुवनंतपुरम', 'त्रिवेंद्रम'],
  ['Kozhikode', 'Calicut', 'कोझिकोड', 'कालीकट'],
  ['Varanasi', 'Banaras', 'Benares', 'वाराणसी', 'बनारस'],
  ['Prayagraj', 'Allahabad', 'प्रयागराज', 'इलाहाबाद'],
  ['Gurugram', 'Gurgaon', 'गुरुग्राम', 'गुड़गांव', 'गुड़गाँव'],
  ['Noida', 'नोएडा'],
  ['Vadodara', 'Baroda', 'वडोदरा', 'बड़ौदा'],
  ['Mangaluru', 'Mangalore', 'मंगलुरु', 'मंगलौर', 'मैंगलोर'],
  ['Puducherry', 'Pondicherry', 'पुडुचेरी', 'पांडिचेरी'],
  ['Surat', 'सूरत'],
  ['Kanpur', 'कानपुर'],
  ['Amritsar', 'अमृतसर'],
  ['Ranchi', 'रांची', 'राँची'],
  ['Bhubaneswar', 'Bhubaneshwar', 'भुवनेश्वर'],
  ['Dehradun', 'देहरादून'],
  ['Shimla', 'Simla', 'शिमला'],
  ['Thane', 'ठाणे'],
  ['Nashik', 'Nasik', 'नासिक', 'नाशिक'],
  ['Kolhapur', 'कोल्हापुर'],
  ['Coimbatore', 'Kovai', 'कोयंबटूर', 'कोयम्बटूर'],
  ['Madurai', 'मदुरै', 'मदुरई'],
];

const cityNames = spellingsTable(CITY_NAMES, bareForms);

/**
 * The keys a city typed by a member or a visitor may be stored under: the key of its city when it is one of
 * CITY_NAMES ("Bombay", "मुंबई" → ["mumbai"]), its folded forms otherwise. The first is the one a row stores.
 */
export function cityKeys(city: string): string[] {
  const forms = bareForms(city).filter((form) => form !== '');
  const known = forms.map((form) => cityNames.get(form)).find((key) => key !== undefined);
  return known ? [known] : forms;
}

/** The city key a row stores (empty for an empty city, as a remote call's). */
export function cityKey(city: string): string {
  return cityKeys(city)[0] ?? '';
}
