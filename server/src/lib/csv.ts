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
