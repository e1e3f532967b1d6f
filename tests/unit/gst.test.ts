import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, gstStateOfName, shopLegalInputSchema } from '@/contract/gst';
import {
  apportion,
  creditLines,
  documentNumber,
  financialYearOf,
  invoiceLines,
  splitInclusive,
  supplyOf,
  taxOn,
  totalsOf,
} from '../../server/src/lib/gst';

describe('the tax within a GST-inclusive price', () => {
  it('takes ₹10,000 of taxable value and ₹900 + ₹900 at 18 % out of ₹11,800 within a state, ₹1,800 IGST across', () => {
    expect(splitInclusive(11_800_00, 18, true)).toEqual({ taxable: 10_000_00, cgst: 900_00, sgst: 900_00, igst: 0 });
    expect(splitInclusive(11_800_00, 18, false)).toEqual({ taxable: 10_000_00, cgst: 0, sgst: 0, igst: 1_800_00 });
    // The law's examples compute tax on the taxable value: the same figures.
    expect(taxOn(10_000_00, 9)).toBe(900_00);
  });

  it('rounds each tax to the paisa, halves up, and the parts always add up to the price', () => {
    // ₹599 at 5 %: 2.5 % of the taxable value is ₹14.2619…, so ₹14.26 each and ₹570.48 taxable.
    expect(splitInclusive(599_00, 5, true)).toEqual({ taxable: 570_48, cgst: 14_26, sgst: 14_26, igst: 0 });
    // 5 % across states is ₹28.5238…: ₹28.52 of IGST.
    expect(splitInclusive(599_00, 5, false)).toEqual({ taxable: 570_48, cgst: 0, sgst: 0, igst: 28_52 });
    // 59 paise at 18 %: each half is exactly 4.5 paise, rounded up to 5.
    expect(splitInclusive(59, 18, true)).toEqual({ taxable: 49, cgst: 5, sgst: 5, igst: 0 });
    // Taxable ₹54,670 at 18 % is ₹9,840.60 of tax: ₹4,920.30 each, kept to the paisa (not the rupee).
    expect(splitInclusive(54_670_00 + 9_840_60, 18, true)).toEqual({
      taxable: 54_670_00,
      cgst: 4_920_30,
      sgst: 4_920_30,
      igst: 0,
    });
    for (const rate of [0, 5, 12, 18, 28]) {
      for (const price of [1, 99, 100, 499_00, 1_299_50, 2_499_99]) {
        for (const intra of [true, false]) {
          const split = splitInclusive(price, rate, intra);
          expect(split.taxable + split.cgst + split.sgst + split.igst).toBe(price);
          expect(split.cgst).toBe(split.sgst);
        }
      }
    }
    expect(splitInclusive(499_00, 0, true)).toEqual({ taxable: 499_00, cgst: 0, sgst: 0, igst: 0 });
  });

  it('shares a discount among lines in proportion, to the paisa, adding up exactly', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(1_596_00, [1_198_00, 399_00])).toEqual([1_197_25, 398_75]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
  });
});

describe('the place of supply', () => {
  it('is intra-state for a Mumbai address from a shop in Maharashtra, inter-state for Bengaluru or Ladakh', () => {
    expect(supplyOf('27', 'Maharashtra')).toEqual({
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      intraState: true,
      utgst: false,
    });
    expect(supplyOf('27', 'Karnataka')).toMatchObject({ placeOfSupply: { code: '29' }, intraState: false });
    expect(supplyOf('27', 'Ladakh')).toMatchObject({ placeOfSupply: { code: '38' }, intraState: false });
    // A union territory without a legislature charges UTGST within itself.
    expect(supplyOf('04', 'Chandigarh')).toMatchObject({ intraState: true, utgst: true });
    expect(gstStateOfName('jammu & kashmir')?.code).toBe('01');
    expect(gstStateOfName('Orissa')?.code).toBe('21');
    expect(gstStateOfName('Daman and Diu')?.code).toBe('26');
  });
});

describe('an invoice’s lines and a credit note’s', () => {
  const supply = supplyOf('27', 'Maharashtra');
  const items = [
    { name: 'Clapperboard Classic Tee', hsn: '6109', rate: 5, price: 599_00, quantity: 2 },
    { name: 'Single Screen Theatre Print', hsn: '4911', rate: 18, price: 349_00, quantity: 1 },
  ];

  it('take the discount and the rounding of the total off the goods, and shipping at the main goods’ rate', () => {
    const lines = invoiceLines(items, { shipping: 49_00, total: 1_400_00 }, supply);
    expect(lines.map((line) => line.value)).toEqual([1_046_22, 304_78, 49_00]);
    expect(lines[2]).toMatchObject({ hsn: '9965', rate: 5 });
    expect(totalsOf(lines).total).toBe(1_400_00);
    const totals = totalsOf(lines);
    expect(totals.taxable + totals.cgst + totals.sgst + totals.igst).toBe(1_400_00);
  });

  it('credit a partial refund in proportion, and the rest of the invoice with the last note', () => {
    const lines = invoiceLines(items, { shipping: 0, total: 1_547_00 }, supply);
    const first = creditLines(lines, [], 500_00, supply);
    expect(totalsOf(first).total).toBe(500_00);
    const rest = creditLines(lines, [first], 1_047_00, supply);
    expect(rest.map((line, index) => line.value + first[index]!.value)).toEqual(lines.map((line) => line.value));
    // Every tax of the two notes adds up to the invoice's, to the paisa.
    const credited = totalsOf([...first, ...rest]);
    expect(credited).toEqual(totalsOf(lines));
  });
});

describe('documents and GSTINs', () => {
  it('numbers each series per financial year (April to March, India time), at most 16 characters', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:00Z'))).toBe('2627');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2728');
    expect(financialYearOf(new Date('2026-11-28T12:00:00Z'))).toBe('2627');
    expect(documentNumber('CV', '2627', 123)).toBe('CV/2627/000123');
    expect(documentNumber('CN', '2627', 1)).toBe('CN/2627/000001');
    expect(documentNumber('CV', '2627', 99_999_999).length).toBe(16);
  });

  it('checks a GSTIN’s form, state code and check character', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZA')).toMatch(/last character/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/not a GST state code/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    const input = { legal_name: 'CineVerse Merch Pvt Ltd', address: '12 Film City Road, Mumbai 400065' };
    expect(shopLegalInputSchema.safeParse({ ...input, state_code: '27', gstin: '27aapfu0939f1zv' }).data?.gstin).toBe(
      '27AAPFU0939F1ZV',
    );
    const wrongState = shopLegalInputSchema.safeParse({ ...input, state_code: '29', gstin: '27AAPFU0939F1ZV' });
    expect(wrongState.error?.issues[0]?.path).toEqual(['gstin']);
  });
});
