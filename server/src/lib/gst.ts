import { type GstState, gstStateOfCode, gstStateOfName } from '../../../src/contract/gst.js';

/**
 * GST on the shop's tax-inclusive prices (docs/decisions/2026-11-28-gst-invoices.md). The place of supply of goods
 * delivered is where their movement ends (IGST Act s. 10(1)(a); for a buyer without a GSTIN, the address on the
 * invoice, s. 10(1)(ca)): the delivery address's state. The same state as the shop's is an intra-state supply taxed
 * half as CGST and half as SGST (UTGST in a union territory without a legislature); another state or union territory
 * an inter-state supply taxed as IGST. Each line's tax is rounded to the paisa, half up, as the rules' worked
 * examples do (CGST Act s. 170's rounding to the rupee is for what is paid with the return, not for an invoice's line),
 * and the taxable value is what remains of the price: a line's taxable value and taxes add up to what the buyer paid.
 */

/** `numerator / denominator` rounded to the nearest whole number, halves up (both positive). */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export interface TaxSplit {
  /** Paise on which the tax is charged. */
  taxable: number;
  cgst: number;
  /** SGST, or UTGST within a union territory without a legislature. */
  sgst: number;
  igst: number;
}

/**
 * The taxable value and taxes within `inclusive` paise at `rate` per cent: CGST and SGST of half the rate each when
 * `intraState`, else IGST. `taxable + cgst + sgst + igst` is always `inclusive`.
 */
export function splitInclusive(inclusive: number, rate: number, intraState: boolean): TaxSplit {
  if (!Number.isInteger(inclusive) || inclusive < 0) throw new Error(`Not a sum of paise: ${inclusive}`);
  if (intraState) {
    // Each half rounded on its own, so CGST and SGST are always equal, as one rate on one value makes them.
    const half = roundDiv(inclusive * rate, 2 * (100 + rate));
    return { taxable: inclusive - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = roundDiv(inclusive * rate, 100 + rate);
  return { taxable: inclusive - igst, cgst: 0, sgst: 0, igst };
}

/** Tax at `rate` per cent on a taxable value (the law's worked examples go this way round), to the paisa. */
export function taxOn(taxable: number, rate: number): number {
  return roundDiv(taxable * rate, 100);
}

/**
 * `amount` paise shared among `weights` in proportion, each share whole and the shares adding up to `amount`
 * exactly: the paise left by rounding down go to the largest remainders (ties to the earlier).
 */
export function apportion(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const shares = weights.map((weight) => Math.floor((amount * weight) / sum));
  let left = amount - shares.reduce((total, share) => total + share, 0);
  const order = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The financial year (April to March) of a moment in India, as invoice series write it: `2627` for 2026-27. */
export function financialYearOf(date: Date): string {
  const india = new Date(date.getTime() + 5.5 * 60 * 60 * 1000);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${String(start % 100).padStart(2, '0')}${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A document's number in its series: `CV/2627/000123` (at most 16 characters, CGST Rule 46(b)). */
export function documentNumber(prefix: 'CV' | 'CN', financialYear: string, serial: number): string {
  const number = `${prefix}/${financialYear}/${String(serial).padStart(6, '0')}`;
  if (number.length > 16) throw new Error(`A document number is at most 16 characters: ${number}`);
  return number;
}

/** One line of a tax invoice or credit note, in paise. */
export interface InvoiceLine {
  description: string;
  /** What tells apart lines of one product (a variant's "Size M"), printed under the description; null when none. */
  label: string | null;
  hsn: string;
  quantity: number;
  /** Unique Quantity Code: `NOS` (pieces) for the shop's goods. */
  unit: string;
  rate: number;
  /** The line's value before the order's discount, tax included. */
  gross: number;
  /** The discount (and the order's rounding down) taken off the line, tax included. */
  discount: number;
  /** What the buyer paid for the line: gross less discount = taxable + taxes. */
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface Supply {
  /** The delivery's state: the place of supply. */
  placeOfSupply: { code: string; name: string };
  intraState: boolean;
  /** Whether SGST is UTGST (the shop is in a union territory without a legislature). */
  utgst: boolean;
}

/**
 * The place of supply of goods delivered to `deliveryState` (a name as the address gives it) from a shop in
 * `shopStateCode`. A name that is no state's (an old address) leaves the place of supply at the shop's location, as
 * s. 10(1)(ca) does when the buyer's address is not recorded.
 */
export function supplyOf(shopStateCode: string, deliveryState: string): Supply {
  const shop = gstStateOfCode(shopStateCode);
  if (!shop) throw new Error(`Not a GST state code: ${shopStateCode}`);
  const delivery: GstState = gstStateOfName(deliveryState) ?? shop;
  return {
    placeOfSupply: { code: delivery.code, name: delivery.name },
    intraState: delivery.code === shop.code,
    utgst: 'ut' in shop && shop.ut,
  };
}

/** An order's item as the invoice needs it. */
export interface InvoicedItem {
  name: string;
  label?: string | null;
  hsn: string;
  rate: number;
  /** Unit price in paise, tax included. */
  price: number;
  quantity: number;
}

/** Shipping's Services Accounting Code (goods transport); taxed as part of the goods it carries. */
export const SHIPPING_SAC = '9965';

/**
 * The lines of an order's tax invoice: each item's value less its share of the discount (and of the rounding down of
 * the total), which together come to `total`, then shipping as a line of its own at the rate of the order's main
 * goods (a composite supply is taxed at its principal supply's rate, CGST Act s. 8(a)).
 */
export function invoiceLines(
  items: InvoicedItem[],
  order: { shipping: number; total: number },
  supply: Supply,
  words: { shipping: string } = { shipping: 'Shipping' },
): InvoiceLine[] {
  const grosses = items.map((item) => item.price * item.quantity);
  const goods = order.total - order.shipping;
  const values = apportion(goods, grosses);
  const lines: InvoiceLine[] = items.map((item, index) => ({
    description: item.name,
    label: item.label ?? null,
    hsn: item.hsn,
    quantity: item.quantity,
    unit: 'NOS',
    rate: item.rate,
    gross: grosses[index]!,
    discount: grosses[index]! - values[index]!,
    value: values[index]!,
    ...splitInclusive(values[index]!, item.rate, supply.intraState),
  }));
  if (order.shipping > 0) {
    const principal = items.reduce(
      (best, item, index) => (grosses[index]! > grosses[items.indexOf(best)]! ? item : best),
      items[0]!,
    );
    lines.push({
      description: words.shipping,
      label: null,
      hsn: SHIPPING_SAC,
      quantity: 1,
      unit: 'NOS',
      rate: principal.rate,
      gross: order.shipping,
      discount: 0,
      value: order.shipping,
      ...splitInclusive(order.shipping, principal.rate, supply.intraState),
    });
  }
  return lines;
}

/**
 * The lines of a credit note for `amount` paise refunded: the amount shared among the invoice's lines in proportion
 * to what of each is not yet credited by the earlier notes (`earlier`, their lines), so the note that refunds the rest
 * credits every line in full. Each share's tax is taken out at its line's rate, as on the invoice; a share that
 * credits the rest of a line takes the rest of its taxes, so the notes of a refunded order add up to its invoice to
 * the paisa. Its lines stand where the invoice's do (those not credited by it at 0).
 */
export function creditLines(
  invoice: InvoiceLine[],
  earlier: InvoiceLine[][],
  amount: number,
  supply: Supply,
): InvoiceLine[] {
  const creditedOf = (index: number, pick: (line: InvoiceLine) => number) =>
    earlier.reduce((sum, lines) => sum + (lines[index] ? pick(lines[index]) : 0), 0);
  const open = invoice.map((line, index) => line.value - creditedOf(index, (credited) => credited.value));
  const shares = apportion(amount, open);
  return invoice.map((line, index) => {
    const value = shares[index]!;
    const rest =
      value > 0 && value === open[index]
        ? {
            taxable: line.taxable - creditedOf(index, (credited) => credited.taxable),
            cgst: line.cgst - creditedOf(index, (credited) => credited.cgst),
            sgst: line.sgst - creditedOf(index, (credited) => credited.sgst),
            igst: line.igst - creditedOf(index, (credited) => credited.igst),
          }
        : splitInclusive(value, line.rate, supply.intraState);
    return { ...line, gross: value, discount: 0, value, ...rest };
  });
}

/** The sums of lines: taxable value, each tax and the total. */
export function totalsOf(lines: InvoiceLine[]) {
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxable: sum((line) => line.taxable),
    cgst: sum((line) => line.cgst),
    sgst: sum((line) => line.sgst),
    igst: sum((line) => line.igst),
    total: sum((line) => line.value),
  };
}
