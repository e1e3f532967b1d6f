import { describe, expect, it } from 'vitest';
import { cityKey, cityKeys, foldedForms, nameKey, romanise } from '../../server/src/lib/either-script.js';

/** Whether two spellings meet: a folded form of one is a folded form of the other. */
const meet = (one: string, other: string) => foldedForms(one).some((form) => foldedForms(other).includes(form));

describe('romanise', () => {
  it('reads Devanagari as a Hindi speaker says it, and as Latin spellings often keep it', () => {
    expect(romanise('प्रिया शर्मा')).toEqual(['priyaa sharmaa', 'priyaa sharmaa']);
    expect(romanise('कोलकाता')[0]).toBe('kolkaataa');
    expect(romanise('राजकुमार')[0]).toBe('raajkumaar');
    expect(romanise('चौधरी')).toEqual(['chaudhrii', 'chaudharii']);
    // A final inherent vowel is dropped, except after a cluster ending in r, y, v or l.
    expect(romanise('राम')[0]).toBe('raam');
    expect(romanise('मित्र')[0]).toBe('mitra');
    expect(romanise('सिद्धार्थ')).toEqual(['siddhaarth', 'siddhaartha']);
  });

  it('reads conjuncts, nuktas, the anusvara and the visarga', () => {
    expect(romanise('क्षितिज')[0]).toBe('kshitij');
    expect(romanise('ज्ञानेश')[0]).toBe('jnaanesh');
    // A precomposed nukta letter (U+095B) and a letter followed by the nukta sign are the same letter.
    expect(romanise('\u095Bोया')[0]).toBe('zoyaa');
    expect(romanise('ज\u093Cोया')[0]).toBe('zoyaa');
    expect(romanise('फ़रहान')[0]).toBe('farhaan');
    expect(romanise('मुंबई')[0]).toBe('mumbaii');
    expect(romanise('सिंह')[0]).toBe('singh');
    expect(romanise('दुःख')[0]).toBe('duhkh');
  });

  it('leaves Latin text and digits alone', () => {
    expect(romanise('Priya Sharma 2')).toEqual(['Priya Sharma 2', 'Priya Sharma 2']);
    expect(romanise('प्रिया २')[0]).toBe('priyaa 2');
  });
});

describe('foldedForms', () => {
  it.each([
    ['Priya', 'प्रिया'],
    ['Shreya', 'श्रेया'],
    ['Aishwarya', 'ऐश्वर्या'],
    ['Kshitij', 'क्षितिज'],
    ['Jnanesh', 'ज्ञानेश'],
    ['Gyanesh', 'ज्ञानेश'],
    ['Rajkummar', 'राजकुमार'],
    ['Rajkumar', 'राजकुमार'],
    ['Sharma', 'शर्मा'],
    ['Shah', 'शाह'],
    ['Chaudhary', 'चौधरी'],
    ['Choudhary', 'चौधरी'],
    ['Chaudhri', 'चौधरी'],
    ['Iyer', 'अय्यर'],
    ['Lakshmi', 'लक्ष्मी'],
    ['Laxmi', 'लक्ष्मी'],
    ['Siddharth', 'सिद्धार्थ'],
    ['Krishna', 'कृष्ण'],
    ['Singh', 'सिंह'],
    ['Zoya', 'ज़ोया'],
    ['Zoya', 'जोया'],
    ['Farhan', 'फ़रहान'],
    ['Bhatt', 'भट्ट'],
    ['Pooja', 'पूजा'],
    ['Meera', 'मीरा'],
    ['Kapoor', 'कपूर'],
    ['Reddy', 'रेड्डी'],
    ['Wasim', 'वसीम'],
    ['Karthik', 'कार्तिक'],
    ['Omkar', 'ओंकार'],
    ['Bhavna', 'भावना'],
    ['Banerjee', 'बनर्जी'],
    ['Qureshi', 'क़ुरैशी'],
    ['Priya Sharma', 'प्रिया शर्मा'],
    ['Priya शर्मा', 'प्रिया Sharma'],
  ])('"%s" and "%s" meet', (latin, devanagari) => {
    expect(meet(latin, devanagari)).toBe(true);
  });

  it('folds case, long vowels, w/v, ph/f, sh/s, aspiration and doubled letters', () => {
    expect(foldedForms('PRIYA SHARMA')).toEqual(['priya sarma']);
    expect(foldedForms('Aarav')).toEqual(foldedForms('Arav'));
    expect(foldedForms('Deepak')).toEqual(foldedForms('Dipak'));
    expect(foldedForms('Pooja')).toEqual(foldedForms('Puja'));
    expect(foldedForms('Ashwin')).toEqual(foldedForms('Ashvin'));
    expect(foldedForms('Phalguni')).toEqual(foldedForms('Falguni'));
    expect(foldedForms('Rajkummar')).toEqual(foldedForms('Rajkumar'));
    expect(foldedForms('Śarmā')).toEqual(['sarma']);
  });

  it('keeps names apart that only share letters', () => {
    expect(meet('Priya', 'Piya')).toBe(false);
    expect(meet('Sharma', 'Verma')).toBe(false);
    expect(meet('Kshitij', 'Kshitija')).toBe(false);
    expect(meet('प्रिया', 'पिया')).toBe(false);
  });

  it('reads the last word of a search as typed in part', () => {
    expect(foldedForms('प्र', { partial: true })).toEqual(['pr']);
    expect(foldedForms('प्रिय', { partial: true })).toEqual(['priy']);
    expect(foldedForms('प्रिया शर', { partial: true })).toEqual(['priya sar']);
    expect(foldedForms('मित्र शर्मा', { partial: true })).toEqual(['mitra sarma']);
    expect(foldedForms('प्र')).toEqual(['pra']);
  });

  it('has no form for text with no letter or digit in these scripts', () => {
    expect(foldedForms('%')).toEqual([]);
    expect(foldedForms('   ')).toEqual([]);
    expect(foldedForms('ப்ரியா')).toEqual([]);
  });
});

describe('nameKey', () => {
  it('puts a space before every form, so that each word starts after one', () => {
    expect(nameKey('Priya Sharma')).toBe(' priya sarma');
    expect(nameKey('प्रिया शर्मा')).toBe(' priya sarma');
    expect(nameKey('चौधरी')).toBe(' caudri ~ caudari');
  });
});

describe('cityKeys', () => {
  it.each([
    ['Mumbai', 'Bombay', 'मुंबई', 'मुम्बई', 'बम्बई'],
    ['Bengaluru', 'Bangalore', 'बेंगलुरु', 'बंगलौर'],
    ['Chennai', 'Madras', 'चेन्नई', 'मद्रास'],
    ['Kolkata', 'Calcutta', 'कोलकाता', 'कलकत्ता'],
    ['Delhi', 'New Delhi', 'दिल्ली', 'नई दिल्ली'],
    ['Hyderabad', 'हैदराबाद'],
    ['Pune', 'Poona', 'पुणे'],
    ['Kochi', 'Cochin', 'कोच्चि'],
    ['Lucknow', 'लखनऊ'],
    ['Chandigarh', 'चंडीगढ़'],
    ['Mysuru', 'Mysore', 'मैसूरु'],
    ['Visakhapatnam', 'Vizag', 'विशाखापत्तनम'],
    ['Guwahati', 'Gauhati', 'गुवाहाटी'],
  ])('%s is found as each of its names', (city, ...others) => {
    for (const other of [city.toUpperCase(), ` ${city.toLowerCase()} `, ...others]) {
      expect(cityKeys(other), other).toEqual([cityKey(city)]);
    }
  });

  it('keeps cities apart', () => {
    const keys = ['Mumbai', 'Navi Mumbai', 'Pune', 'Delhi', 'Chennai', 'Kolkata', 'Bengaluru'].map(cityKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('folds a city it does not know, in either script', () => {
    expect(cityKeys('Ujjain')).toEqual(cityKeys('उज्जैन'));
    expect(cityKey('')).toBe('');
  });
});
