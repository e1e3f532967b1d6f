import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium.js';

export interface LighthouseFigures {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits of the four categories that did not pass, to say what costs the points. */
  failing: string[];
  /**
   * Lighthouse's measure of this machine's speed at the run (a short loop in the browser, higher is faster): the
   * simulated 4x slowdown is applied to this machine as it is, so a slower moment gives a longer TBT.
   */
  benchmarkIndex: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** Tries a failed recording (a runtime error, such as a trace without its navigation) twice more. */
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse report of `url`: a run whose recording failed scores nothing, so it is run again. */
async function lighthouseRun(url: string, port: number, log: (line: string) => void) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${failure.message}`);
    log(`  (Lighthouse could not record ${url}: ${failure.code}; running it again)`);
  }
}

/**
 * Lighthouse with its default settings (mobile: a mid-range phone, simulated slow 4G and 4x CPU slowdown) in the
 * system Chromium, each page in a clean profile. With `runs` > 1 the median run is kept: the middle one by performance
 * score, equal scores ordered by LCP.
 * Each kept run's full report is written to `reportDir` as `<page>.json`, to open in the Lighthouse viewer.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: { name: string; path: string }[],
  runs: number,
  log: (line: string) => void,
  reportDir: string,
): Promise<LighthouseFigures[]> {
  await fs.mkdir(reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const target of pages) {
      const attempts: { figures: LighthouseFigures; report: string }[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouseRun(baseUrl + target.path, chrome.port, log);
        const { categories, audits } = result.lhr;
        const failing = Object.values(categories)
          .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]!))
          .filter((audit) => audit.score !== null && audit.score < 0.9)
          .map((audit) => `${audit.id} (${score(audit.score)})`);
        attempts.push({
          report: JSON.stringify(result.lhr),
          figures: {
            name: target.name,
            path: target.path,
            performance: score(categories.performance?.score),
            accessibility: score(categories.accessibility?.score),
            bestPractices: score(categories['best-practices']?.score),
            seo: score(categories.seo?.score),
            lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
            tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
            cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
            fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
            failing: [...new Set(failing)],
            benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
          },
        });
      }
      // From the worst run to the best: by performance score, then (among equal scores) by LCP, longest first.
      attempts.sort((a, b) => a.figures.performance - b.figures.performance || b.figures.lcpMs - a.figures.lcpMs);
      const { figures: kept, report } = attempts[Math.floor(attempts.length / 2)]!;
      await fs.writeFile(path.join(reportDir, `${target.name.toLowerCase().replace(/\W+/g, '-')}.json`), report);
      log(
        `  ${kept.name}: performance ${kept.performance}, accessibility ${kept.accessibility}, best practices ` +
          `${kept.bestPractices}, SEO ${kept.seo}; LCP ${Math.round(kept.lcpMs)} ms, TBT ${Math.round(kept.tbtMs)} ms, ` +
          `CLS ${kept.cls.toFixed(3)}, CPU index ${kept.benchmarkIndex}` +
          (kept.failing.length ? `; below 90: ${kept.failing.join(', ')}` : ''),
      );
      figures.push(kept);
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
