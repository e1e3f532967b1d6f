// Renders the brand SVG to the PNG icons the manifest, the favicon and the seeded logo use.
// Run once after changing the artwork: node scripts/render-icons.mjs
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';

const svg = await fs.readFile('server/seed/images/settings/logo.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();

async function render(size, file, padding = 0) {
  await page.setViewportSize({ width: size, height: size });
  const inner = size - padding * 2;
  await page.setContent(
    `<html><body style="margin:0;background:#14110f;display:grid;place-items:center;height:${size}px">` +
      svg.replace('width="512" height="512"', `width="${inner}" height="${inner}"`) +
      '</body></html>',
  );
  await page.screenshot({ path: file, omitBackground: false });
}

await render(192, 'public/icons/icon-192.png');
await render(512, 'public/icons/icon-512.png');
// Maskable: the artwork inside the 80% safe zone.
await render(512, 'public/icons/icon-maskable-512.png', 56);
// The seeded logo: drawn at 40 px in the header and used as the 180 px touch icon.
await render(192, 'server/seed/images/settings/logo.png');
await render(64, 'server/seed/images/settings/favicon.png');
await browser.close();
