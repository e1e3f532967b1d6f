import { z } from 'zod/mini';

/**
 * GST's codes of India's states and union territories (the first two characters of a GSTIN and the "state code" of an
 * invoice), with the official names and the names people also write. `ut` marks a union territory without a
 * legislature, where UTGST takes the place of SGST within the territory.
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir', also: ['Jammu & Kashmir'] },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand', also: ['Uttaranchal'] },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi', also: ['NCT of Delhi', 'New Delhi'] },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha', also: ['Orissa'] },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    also: ['Dadra & Nagar Haveli', 'Dadra and Nagar Haveli', 'Daman & Diu', 'Daman and Diu'],
    ut: true,
  },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry', also: ['Pondicherry'] },
  { code: '35', name: 'Andaman and Nicobar Islands', also: ['Andaman & Nicobar Islands'], ut: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', ut: true },
] as const satisfies readonly { code: string; name: string; also?: readonly string[]; ut?: boolean }[];

export type GstState = (typeof GST_STATES)[number];

const squeeze = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim();

const byName = new Map<string, GstState>(
  GST_STATES.flatMap((state) =>
    [state.name, ...('also' in state ? state.also : [])].map((name) => [squeeze(name), state] as const),
  ),
);

/** The state or union territory of a name as written in an address (any case, `&` or `and`), or null. */
export function gstStateOfName(name: string): GstState | null {
  return byName.get(squeeze(name)) ?? null;
}

/** The state or union territory of a GST state code (`27`), or null. */
export function gstStateOfCode(code: string): GstState | null {
  return GST_STATES.find((state) => state.code === code) ?? null;
}

/** The GST rates a product may carry, in per cent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14: each character's value (0-9, A-Z = 10-35) times 1 and 2 in turn, each
 * product's quotient and remainder by 36 added up, and the check is what takes the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < first14.length; index += 1) {
    const value = GSTIN_CHARS.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(value / 36) + (value % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/**
 * Why a GSTIN is not one, or null when it is: 15 characters (a state code, a PAN, the registration's number, `Z`, the
 * check character), the state code one of GST's, and the check character right.
 */
export function gstinProblem(gstin: string): string | null {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) {
    return 'A GSTIN is 15 characters: the state code, the PAN, the registration number, Z and a check character';
  }
  if (!gstStateOfCode(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'This GSTIN’s last character does not match the others: check it for a typing mistake';
  }
  return null;
}

/** An HSN code: 4, 6 or 8 digits (empty while staff have not set one). */
export const hsnCodeSchema = z
  .string()
  .check(z.trim(), z.regex(/^(\d{4}|\d{6}|\d{8})?$/, 'An HSN code is 4, 6 or 8 digits'));

export const gstRateSchema = z.union(
  GST_RATES.map((rate) => z.literal(rate)),
  { error: `The GST rate must be one of ${GST_RATES.join(', ')} per cent` },
);

/** The shop's legal details, printed on every tax invoice and credit note. */
export const shopLegalSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  state_code: z.string(),
  gstin: z.string(),
});
export type ShopLegal = z.infer<typeof shopLegalSchema>;
export const shopLegalResponseSchema = z.object({ data: z.nullable(shopLegalSchema) });

export const shopLegalInputSchema = z
  .object({
    legal_name: z
      .string({ error: 'Enter the legal name' })
      .check(
        z.trim(),
        z.minLength(2, 'Enter the legal name'),
        z.maxLength(200, 'The legal name is at most 200 characters'),
      ),
    address: z
      .string({ error: 'Enter the registered address' })
      .check(
        z.trim(),
        z.minLength(10, 'Enter the registered address in full'),
        z.maxLength(500, 'The address is at most 500 characters'),
      ),
    state_code: z
      .string({ error: 'Choose the state' })
      .check(z.refine((code) => gstStateOfCode(code) !== null, 'Choose the state')),
    gstin: z.pipe(
      z.string({ error: 'Enter the GSTIN' }).check(z.trim()),
      z.transform((value: string) => value.toUpperCase().replace(/\s+/g, '')),
    ),
  })
  .check(
    z.superRefine((input, context) => {
      const problem = gstinProblem(input.gstin);
      if (problem) context.issues.push({ code: 'custom', message: problem, path: ['gstin'], input: input.gstin });
      else if (input.gstin.slice(0, 2) !== input.state_code) {
        context.issues.push({
          code: 'custom',
          message: 'The GSTIN’s first two digits must be the state’s code',
          path: ['gstin'],
          input: input.gstin,
        });
      }
    }),
  );
export type ShopLegalInput = z.input<typeof shopLegalInputSchema>;

/** An invoice or credit note as the buyer and staff see it in a list. */
export const invoiceSummarySchema = z.object({
  id: z.int(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_at: z.string(),
  total: z.int(),
  /** Whether its PDF is made and can be downloaded. */
  ready: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListResponseSchema = z.object({ data: z.array(invoiceSummarySchema) });
