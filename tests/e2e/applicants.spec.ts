import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen, textOverlapping } from './layout-helpers';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };
const PUBLIC_API = '/backend/api/api/v1';

/** The casting director works through the applicants of a call on a phone. A server of its own: decisions change it. */
test.describe('the applicant list on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A second server seeds a database of its own: on a shared machine that may take longer than one test.
    test.setTimeout(120_000);
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** Opens the applicants of the director's call `title`, signed in as the director; returns their token too. */
  async function openApplicants(page: Page, title: string, query = ''): Promise<{ token: string; callId: number }> {
    const token = await signInAt(page, server.url, director);
    const answer = await page.request.get(`${server.url}${USER_API}/me/casting-calls`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const calls = ((await answer.json()) as { data: { id: number; title: string }[] }).data;
    const callId = calls.find((call) => call.title === title)!.id;
    await page.goto(`${server.url}/me/casting-calls/${callId}${query}`);
    await expect(page.getByRole('heading', { level: 1, name: `${title}: applicants` })).toBeVisible();
    return { token, callId };
  }

  /** The director's call `title` with its roles. */
  async function rolesOf(page: Page, title: string) {
    const login = await page.request.post(`${server.url}${USER_API}/login`, { data: director });
    const { token } = (await login.json()) as { token: string };
    const answer = await page.request.get(`${server.url}${USER_API}/me/casting-calls`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const calls = (
      (await answer.json()) as { data: { id: number; title: string; roles: { id: number; name: string }[] }[] }
    ).data;
    return calls.find((call) => call.title === title)!;
  }

  const mailsAbout = (subject: string, body: string) =>
    smtp.received.filter((mail) => mail.raw.includes(`Subject: ${subject}`) && mail.raw.includes(body));

  test('Select asks first and can be undone for 10 s: nobody is told of an undone decision, and a kept one is told after', async ({
    page,
  }, info) => {
    // The kept decision is told 10 s after it is made.
    test.setTimeout(90_000);
    await openApplicants(page, 'Monsoon Letters');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByTestId('applicant-status').getByText('Submitted', { exact: true }) })
      .first();
    const name = (await card.getAttribute('aria-label'))!;
    const applicant = page.getByRole('article', { name, exact: true });
    const status = applicant.getByTestId('applicant-status');

    // Asked first: cancelling leaves it as it was.
    await applicant.getByRole('button', { name: 'Select', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Select ${name}?` });
    await expect(dialog).toContainText('told by notice and email 10 seconds after you confirm');
    await page.screenshot({ path: info.outputPath('confirm-360-light.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText('Submitted');

    await applicant.getByRole('button', { name: 'Select', exact: true }).click();
    await dialog.getByRole('button', { name: 'Select', exact: true }).click();
    const decision = page.getByRole('status', { name: 'Decision' });
    await expect(decision).toContainText(`${name}: selected. Told in`);
    await expect(decision).toBeInViewport();
    await expect(status).toHaveText('Selected');
    await decision.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone: nobody was told.')).toBeVisible();
    await expect(status).toHaveText('Submitted');

    // Kept: told once its 10 s have passed, by the server, with the poster's page closed.
    await applicant.getByRole('button', { name: 'Not selected', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Mark ${name} not selected?` })
      .getByRole('button', { name: 'Mark not selected' })
      .click();
    await expect(decision).toContainText(`${name}: not selected. Told in`);
    await expect(status).toHaveText('Not selected');
    await page.goto('about:blank');
    await expect
      .poll(() => mailsAbout('Not selected this time', 'Sarita (lead) in Monsoon Letters').length, { timeout: 40_000 })
      .toBe(1);
    // The selection, made and undone earlier, would have been told first: it never was.
    expect(mailsAbout('You are selected', 'Monsoon Letters')).toEqual([]);
  });

  test('the chosen applicants’ moves stay on screen while the poster scrolls, and ask before telling them', async ({
    page,
  }, info) => {
    await openApplicants(page, 'Monsoon Letters');
    await expect(page.getByRole('article').first()).toBeVisible();
    const boxes = page.getByRole('checkbox', { name: /^Choose / }).and(page.locator(':enabled'));
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    await boxes.first().check();
    await boxes.last().scrollIntoViewIfNeeded();
    await boxes.last().check();
    const bar = page.getByRole('group', { name: 'With the chosen applicants' });
    await expect(bar).toContainText('2 chosen:');
    await expect(bar).toBeInViewport({ ratio: 1 });
    await page.getByRole('article').first().scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport({ ratio: 1 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`chosen-360-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await bar.getByRole('button', { name: 'Not selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark 2 applicants not selected?' });
    await expect(dialog).toContainText('These 2 applicants are told by notice and email 10 seconds after you confirm');
    await dialog.getByRole('button', { name: 'Mark not selected' }).click();
    const decision = page.getByRole('status', { name: 'Decision' });
    await expect(decision).toContainText('2 applicants: not selected. Told in');
    await expect(decision).toBeInViewport({ ratio: 1 });
    await expect(bar).toBeHidden();
    expect(await textCutOnScreen(page)).toEqual([]);
    expect(await textOverlapping(page)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`decided-360-${scheme}.png`) });
    }
    await decision.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone: nobody was told.')).toBeVisible();
    expect(await textCutOnScreen(page)).toEqual([]);
  });

  test('the list flags who is off the brief and filters on it, in light and dark', async ({ page, browser }, info) => {
    // The demo actor (a man) applies for a woman's role.
    const actorPage = await browser.newPage();
    const actorToken = await signInAt(actorPage, server.url, actor);
    const monsoon = await rolesOf(actorPage, 'Monsoon Letters');
    const sarita = monsoon.roles.find((role) => role.name === 'Sarita (lead)')!;
    const applied = await actorPage.request.post(
      `${server.url}${USER_API}/casting-calls/${monsoon.id}/roles/${sarita.id}/applications`,
      {
        headers: { authorization: `Bearer ${actorToken}` },
        data: { note: 'I can play older.', self_tape_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      },
    );
    expect(applied.status(), await applied.text()).toBe(201);
    await actorPage.close();

    await openApplicants(page, 'Monsoon Letters');
    const arjun = page.getByRole('article', { name: 'Arjun Mehta' });
    await expect(arjun.getByTestId('off-brief')).toHaveText(/^Off the brief: gender/);
    await expect(page.getByTestId('off-brief')).toHaveCount(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`applicants-360-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Filters and sort' }).click();
    await page.getByRole('combobox', { name: 'Brief' }).click();
    await page.getByRole('option', { name: 'Off the brief' }).click();
    await expect(page).toHaveURL(/[?&]brief=off(&|$)/);
    await expect(page.getByRole('status').filter({ hasText: /applicant/ })).toHaveText('1 applicant');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(arjun).toBeVisible();
    expect(await textCutOnScreen(page)).toEqual([]);
    expect(await textOverlapping(page)).toEqual([]);
  });

  test('Export CSV saves one file for the whole call that a spreadsheet opens right', async ({ page, browser }) => {
    // The demo actor, who has applied to the call (the seed's callback for Young Vinayak), keeps their profile from
    // the public.
    const actorPage = await browser.newPage();
    const actorToken = await signInAt(actorPage, server.url, actor);
    const auth = { authorization: `Bearer ${actorToken}` };
    const mine = (await (
      await actorPage.request.get(`${server.url}${USER_API}/me/profile`, { headers: auth })
    ).json()) as {
      data: Record<string, unknown>;
    };
    const hidden = await actorPage.request.put(`${server.url}${USER_API}/me/profile`, {
      headers: auth,
      data: { ...mine.data, visibility: 'hidden' },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    await actorPage.close();

    const { token } = await openApplicants(page, 'Monsoon Letters');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^monsoon-letters-applicants-\d{2}-[A-Z][a-z]{2}-20\d{2}\.csv$/);
    const bytes = await fs.readFile(await download.path());
    // The UTF-8 byte-order mark: Excel then reads Devanagari and Tamil names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    const [header, ...body] = rows;
    const column = (name: string) => header!.indexOf(name);
    expect(header!.slice(0, 3)).toEqual(['Name', 'Profile', 'Role']);
    // Every role of the call, whichever the list shows.
    expect(new Set(body.map((row) => row[column('Role')]))).toEqual(
      new Set(['Sarita (lead)', 'Young Vinayak', 'Vinayak, the postman']),
    );
    for (const row of body) expect(row[column('Applied')]).toMatch(/^\d{1,2} [A-Z][a-z]{2} 20\d{2} \d{2}:\d{2}$/);
    // Only links the poster can open: a hidden profile, as a minor's, answers 404.
    const arjun = body.filter((row) => row[0] === 'Arjun Mehta');
    expect(arjun.map((row) => [row[column('Role')], row[column('Profile')]])).toContainEqual(['Young Vinayak', '']);
    expect(arjun.every((row) => row[column('Profile')] === '')).toBe(true);
    const links = body.map((row) => row[column('Profile')]).filter(Boolean);
    expect(links.length).toBe(body.length - arjun.length);
    for (const link of links) {
      const handle = new URL(link!).pathname.split('/').pop();
      const answer = await page.request.get(`${server.url}${PUBLIC_API}/profiles/${handle}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status(), link).toBe(200);
    }
  });
  test('the poster asks a chosen applicant for a self-tape by a date, and the applicant is told', async ({
    page,
  }, info) => {
    // The mail is sent by the job queue's worker, a few seconds after.
    test.setTimeout(90_000);
    await openApplicants(page, 'Monsoon Letters', '?status=submitted');
    const box = page
      .getByRole('checkbox', { name: /^Choose / })
      .and(page.locator(':enabled'))
      .first();
    const name = ((await box.getAttribute('aria-label')) ?? '').replace(/^Choose /, '');
    await box.check();
    const bar = page.getByRole('group', { name: 'With the chosen applicants' });
    await bar.getByRole('button', { name: 'Ask for a self-tape' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask 1 applicant for a self-tape' });
    const deadline = dialog.getByLabel('Send by (India time)');
    await deadline.fill(new Date(Date.now() + 5 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10));
    await dialog.getByLabel('What the tape should show').fill('Read the letter scene, facing the camera.');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`tape-request-360-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^Asked 1 applicant for a self-tape by \d{1,2} [A-Z][a-z]{2} 20\d{2}$/ }),
    ).toBeVisible();
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: 'Open' }).click();
    await expect(card).toContainText(/Self-tape asked for, due \d{1,2} [A-Z][a-z]{2} 20\d{2}/);
    expect(await textCutOnScreen(page)).toEqual([]);
    await expect
      .poll(() => mailsAbout('The poster asks you for a self-tape', 'Monsoon Letters').length, {
        timeout: 40_000,
      })
      .toBe(1);
  });
});
