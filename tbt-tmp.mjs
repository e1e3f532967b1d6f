import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--headless=new'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
await page.goto(url);
await page.waitForTimeout(4000);
const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
const t0 = events.filter(e => e.name === 'navigationStart').map(e => e.ts)[0];
const fcp = events.find(e => e.name === 'firstContentfulPaint');
console.log('fcp', Math.round((fcp.ts - t0) / 1000));
let tbt = 0;
for (const task of events.filter(e => e.name === 'RunTask' && e.dur > 50000)) {
  tbt += task.dur / 1000 - 50;
  const kids = events.filter(e => e.tid === task.tid && e.ts >= task.ts && e.ts <= task.ts + task.dur && e.dur > 8000 && e.name !== 'RunTask');
  console.log(Math.round((task.ts - t0) / 1000), Math.round(task.dur / 1000), kids.slice(0, 8).map(k => `${k.name}:${Math.round(k.dur/1000)}${k.args?.data?.url ? ':' + k.args.data.url.slice(-25) : ''}${k.args?.data?.functionName ? ':' + k.args.data.functionName : ''}`).join(' | '));
}
console.log('blocking', Math.round(tbt));
await browser.close();
