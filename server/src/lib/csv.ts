/** A CSV field: quoted, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A CSV file of `rows` under `header`, with the CRLF line ends spreadsheets expect. */
export function csvFile(header: string[], rows: (string | number | boolean | null)[][]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/**
 * A time as a spreadsheet shows it and reads it as a date, in India's time: `28 Nov 2026 11:09` (an ISO time with its
 * offset stays text in Excel, and Intl's English month names vary by runtime: "Sept").
 */
export function csvTime(date: Date): string {
  const india = new Date(date.getTime() + INDIA_OFFSET_MS);
  const hh = String(india.getUTCHours()).padStart(2, '0');
  const mm = String(india.getUTCMinutes()).padStart(2, '0');
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()} ${hh}:${mm}`;
}

/** What starts a CSV file for Excel to read it as UTF-8 (names in Devanagari, Tamil...), not the system's code page. */
export const UTF8_BOM = '\uFEFF';
