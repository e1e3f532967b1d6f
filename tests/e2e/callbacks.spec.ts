import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailText, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };

/** `days` from today as India's date, `2026-12-05`. */
const indiaDay = (days: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Callback slots on a phone: the director offers a slot to the shortlist, the actor picks it. */
test.describe('callback slots on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
    const login = await request.post(`${server.url}${USER_API}/login`, { data: who });
    return ((await login.json()) as { token: string }).token;
  }

  /** One of the actor's applications to the director's calls, shortlisted by the director through the API. */
  async function shortlistedApplication(request: APIRequestContext) {
    const actorToken = await tokenOf(request, actor);
    const directorToken = await tokenOf(request, director);
    const calls = (
      (await (
        await request.get(`${server.url}${USER_API}/me/casting-calls`, {
          headers: { authorization: `Bearer ${directorToken}` },
        })
      ).json()) as {
        data: { id: number; title: string; status: string; roles: { id: number; name: string; status: string }[] }[];
      }
    ).data;
    // The actor applies to an open role of the director's that they have not applied to.
    let application: { id: number; call_id: number; role_name: string } | undefined;
    for (const call of calls.filter((item) => item.status === 'published')) {
      for (const role of call.roles.filter((item) => item.status === 'open')) {
        if (application) break;
        const applied = await request.post(
          `${server.url}${USER_API}/casting-calls/${call.id}/roles/${role.id}/applications`,
          { headers: { authorization: `Bearer ${actorToken}` }, data: { note: 'I can come any day this week.' } },
        );
        if (applied.status() === 201) {
          application = {
            id: ((await applied.json()) as { data: { id: number } }).data.id,
            call_id: call.id,
            role_name: role.name,
          };
        }
      }
    }
    expect(application, 'the actor applied to one of the director’s calls').toBeDefined();
    const moved = await request.post(`${server.url}${USER_API}/applications/${application!.id}/transition`, {
      headers: { authorization: `Bearer ${directorToken}` },
      data: { to: 'shortlisted' },
    });
    expect(moved.status()).toBe(200);
    const profile = (await (
      await request.get(`${server.url}${USER_API}/me/profile`, { headers: { authorization: `Bearer ${actorToken}` } })
    ).json()) as { data: { display_name: string } };
    return { ...application!, name: profile.data.display_name };
  }

  const mailTo = (address: string, subject: string) =>
    smtp.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(`Subject: ${subject}`));

  async function shoot(page: Page, path: string) {
    await page.screenshot({ path, fullPage: true });
  }

  test('a slot is offered to the shortlist, and the actor picks it: both mailed with a calendar invitation', async ({
    browser,
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const application = await shortlistedApplication(request);
    const day = indiaDay(5);

    // The director adds a slot and offers it on a phone.
    await signInAt(page, server.url, director);
    await page.goto(`${server.url}/me/casting-calls/${application.call_id}/callbacks`);
    await expect(page.getByRole('heading', { level: 1, name: 'Callback schedule' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add a slot' });
    // An empty form names its first missing field, focused.
    await form.getByRole('button', { name: 'Add slot' }).click();
    await expect(form.getByLabel('Date')).toBeFocused();
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Start (India time)').fill('11:30');
    await form.getByLabel('Length in minutes').fill('20');
    await form.getByLabel('Place', { exact: true }).fill('Red Kite Studio, Aram Nagar, Versova, Mumbai');
    await form.getByLabel('Contact person').fill('Neha Kapoor, 98200 11111');
    await form.getByLabel('Instructions').fill('Bring the sides; wear something plain.');
    await form.getByRole('button', { name: 'Add slot' }).click();
    const slot = page.getByTestId('schedule-slot').filter({ hasText: 'Red Kite Studio' });
    await expect(slot).toContainText('11:30 am India time · 20 min');
    await expect(slot).toContainText('Not offered yet');
    await expect(slot.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('href', /google\.com\/maps/);

    await page.getByRole('checkbox', { name: `${application.name} · ${application.role_name}` }).check();
    await page.getByRole('checkbox', { name: /11:30 am India time · 20 min/ }).check();
    await page.getByRole('button', { name: 'Offer the chosen slots' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Offered.' })).toBeVisible();
    await expect(slot).toContainText('Offered, not yet picked');
    await shoot(page, info.outputPath('schedule-360-light.png'));

    await expect.poll(() => mailTo(actor.email, 'Pick a time for your callback').length, { timeout: 30_000 }).toBe(1);
    expect(mailTo(actor.email, 'Pick a time for your callback')[0]!.raw).toMatch(
      /text\/calendar; charset=utf-8;\s+method=PUBLISH/,
    );

    // The actor picks it on their phone.
    const actorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const actorPage = await actorContext.newPage();
    await signInAt(actorPage, server.url, actor);
    await actorPage.goto(`${server.url}/me/applications`);
    const card = actorPage.getByRole('article').filter({ hasText: 'Pick a time for your callback' });
    await expect(card).toContainText('11:30 am India time · 20 min');
    await expect(card).toContainText('Contact: Neha Kapoor, 98200 11111');
    await shoot(actorPage, info.outputPath('pick-360-light.png'));
    await card.getByRole('button', { name: 'Pick this time' }).click();
    await expect(card.getByRole('status')).toContainText('Confirmed: your callback is on');
    await expect(card).toContainText('Your time');
    await expect.poll(() => mailTo(actor.email, 'Your callback is confirmed').length, { timeout: 30_000 }).toBe(1);
    expect(mailTo(actor.email, 'Your callback is confirmed')[0]!.raw).toMatch(
      /text\/calendar; charset=utf-8;\s+method=REQUEST/,
    );

    // In Hindi, in the dark.
    await actorPage.emulateMedia({ colorScheme: 'dark' });
    await actorPage.goto(`${server.url}/hi/me/applications`);
    await expect(actorPage.getByText('अपने कॉलबैक के लिए समय चुनें').first()).toBeVisible();
    await expect(actorPage.getByText('आपका समय').first()).toBeVisible();
    await shoot(actorPage, info.outputPath('pick-360-hi-dark.png'));
    await actorContext.close();

    // The director's day shows who confirmed.
    await page.reload();
    await expect(slot).toContainText(`Confirmed: ${application.name}`);

    // The director moves the slot on the phone: the form holds it as it is, and the actor is mailed the change.
    await slot.getByRole('button', { name: 'Change' }).click();
    const change = page.getByRole('form', { name: 'Change this slot' });
    await expect(change.getByLabel('Date')).toHaveValue(day);
    await expect(change.getByLabel('Start (India time)')).toHaveValue('11:30');
    await expect(change.getByLabel('Contact person')).toHaveValue('Neha Kapoor, 98200 11111');
    await change.getByLabel('Start (India time)').fill('12:15');
    await change.getByLabel('Place', { exact: true }).fill('Red Kite Studio, Yari Road, Versova, Mumbai');
    await shoot(page, info.outputPath('change-360-light.png'));
    await change.getByRole('button', { name: 'Save and tell applicants' }).click();
    await expect(slot).toContainText('12:15 pm India time · 20 min');
    await expect(slot).toContainText('Yari Road');
    await expect(slot).toContainText(`Confirmed: ${application.name}`);
    await expect(slot.getByRole('status')).toContainText('Changed.');
    await expect.poll(() => mailTo(actor.email, 'Your callback has changed').length, { timeout: 30_000 }).toBe(1);
    const changedMail = mailTo(actor.email, 'Your callback has changed')[0]!;
    expect(changedMail.raw).toMatch(/text\/calendar; charset=utf-8;\s+method=REQUEST/);
    expect(mailText(changedMail)).toContain('Yari Road');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.url}/hi/me/casting-calls/${application.call_id}/callbacks`);
    await expect(page.getByRole('heading', { level: 1, name: 'कॉलबैक का कार्यक्रम' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'स्लॉट जोड़ें' })).toBeVisible();
    await shoot(page, info.outputPath('schedule-360-hi-dark.png'));
    await page.getByRole('button', { name: 'बदलें' }).first().click();
    await expect(page.getByRole('form', { name: 'यह स्लॉट बदलें' })).toBeVisible();
    await shoot(page, info.outputPath('change-360-hi-dark.png'));
  });
});
