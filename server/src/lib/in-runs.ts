/**
 * Rows written (or ids looked up) by one statement at most: a statement carries at most 65,535 values, and a role
 * closed on tens of thousands of applicants, or a product kept in as many wishlists, tells them all.
 */
const ROWS_PER_STATEMENT = 1_000;

/** `items` in runs of at most `ROWS_PER_STATEMENT`, one statement each. */
export function inRuns<T>(items: T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    runs.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return runs;
}
