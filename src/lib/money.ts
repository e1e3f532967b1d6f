/**
 * A formatter made on first use: building an Intl formatter costs milliseconds (its locale data), which at module
 * load would all fall in the one task that starts the app.
 */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const rupees = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);
const rupeesAndPaise = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
);

/** Integer paise as Indian rupees: 12345600 -> "₹1,23,456"; paise shown only when there are some (₹12.50). */
export function formatInr(paise: number): string {
  return paise % 100 === 0 ? rupees().format(paise / 100) : rupeesAndPaise().format(paise / 100);
}

const dates = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }));

/** An ISO time as Indian readers write a date: "22 Nov 2026". */
export function formatDate(iso: string): string {
  return dates().format(new Date(iso));
}

/** The share of the MRP saved, rounded down: 1299 of 1799 -> 27. */
export function percentOff(mrp: number, price: number): number {
  return mrp > price ? Math.floor(((mrp - price) * 100) / mrp) : 0;
}
