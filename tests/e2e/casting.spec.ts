import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };

/** A server of its own (its applications change the demo calls), which mails through SMTP to this test process. */
test.describe('casting calls', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  async function pageAs(
    browser: Browser,
    who: typeof actor,
    width: number,
  ): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInAt(page, server.url, who);
    return { page, close: () => context.close() };
  }

  async function myApplications(page: Page, token: string) {
    const answer = await page.request.get(`${server.url}${USER_API}/me/applications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { data: { call_title: string; role_name: string; status: string }[] }).data;
  }

  test('/auditions and a call’s page arrive rendered by the server, with the Open Graph card and the job posting', async ({
    page,
  }) => {
    const list = await (await page.request.get(`${server.url}/auditions?language=Tamil`)).text();
    expect(list).toContain('<title>Auditions | CineVerse</title>');
    expect(list).toContain('Kadal Kaatru</h2>');
    expect(list).not.toContain('Pehli Baarish');
    expect(list).toContain('id="cv-state"');

    const calls = (await (
      await page.request.get(`${server.url}/backend/api/api/v1/casting-calls?language=Tamil`)
    ).json()) as {
      data: { id: number; title: string }[];
    };
    const kadal = calls.data.find((call) => call.title === 'Kadal Kaatru')!;
    const html = await (await page.request.get(`${server.url}/auditions/${kadal.id}`)).text();
    expect(html).toContain('<title>Casting call: Kadal Kaatru | CineVerse</title>');
    expect(html).toContain('<meta property="og:title" content="Casting call: Kadal Kaatru"/>');
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/auditions/${kadal.id}"/>`));
    expect(html).toContain('CineVerse never asks you to pay to audition');
    const structured = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(structured ?? '{}')).toMatchObject({
      '@type': 'JobPosting',
      hiringOrganization: { name: 'Coastline Studios Productions' },
      jobLocation: { address: { addressLocality: 'Chennai', addressCountry: 'IN' } },
      baseSalary: { currency: 'INR' },
    });
    expect(JSON.parse(structured ?? '{}').validThrough).toMatch(/\+05:30$/);

    // A call waiting for a moderator is nobody's business but its poster's and the staff's.
    await page.goto(`${server.url}/auditions/999999`);
    await expect(page.getByRole('heading', { level: 1, name: 'Casting call not found' })).toBeVisible();
  });

  test('the casting director posts a call from the form, with a field error shown by its field, and it is found under Auditions', async ({
    page,
  }) => {
    await signInAt(page, server.url, director);
    await page.goto(`${server.url}/me/casting-calls`);
    await page.getByRole('link', { name: 'Post a casting call' }).click();
    const form = page.getByRole('form', { name: 'New casting call' });
    await form.getByLabel('Project title').fill('Chai Break: web series');
    await form.getByRole('combobox', { name: 'Project type' }).click();
    await page.getByRole('option', { name: 'Web series' }).click();
    await form.getByLabel(/^Description/).fill('A comedy about a tea stall outside a film studio in Goregaon.');
    await form.getByLabel('City').fill('Nagpur');
    // A deadline is at most two years ahead: the end of March next year.
    const year = new Date().getFullYear() + 1;
    await form.getByLabel('Deadline (India time)').fill(`${year}-03-31`);
    await form.getByLabel('Role name').fill('Chaiwala');
    await form.getByLabel('Plays from age').fill('40');
    await form.getByLabel('to age').fill('30');
    await form.getByLabel('Languages').fill('Marathi, Hindi');
    await form.getByLabel('Pay (₹)').fill('75000');
    await form.getByRole('button', { name: 'Post casting call' }).click();
    // The server's refusal shows next to the field it names, and nothing typed is lost.
    await expect(form.getByText('The playing age range must start at or below its end')).toBeVisible();
    await expect(form.getByLabel('Project title')).toHaveValue('Chai Break: web series');
    await form.getByLabel('to age').fill('55');
    await form.getByRole('button', { name: 'Post casting call' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chai Break: web series: applicants' })).toBeVisible();

    await page.goto(`${server.url}/auditions?city=Nagpur`);
    const card = page.getByRole('link', { name: /Chai Break: web series/ });
    await expect(card).toContainText(`Apply by 31 Mar ${year}, 11:59 pm`);
    await card.click();
    await expect(page.getByRole('heading', { level: 3, name: 'Chaiwala' })).toBeVisible();
  });

  test('a poster whose call is past its deadline is told until when it stays theirs to decide', async ({ page }) => {
    const token = await signInAt(page, server.url, director);
    const answer = await page.request.get(`${server.url}${USER_API}/me/casting-calls`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const calls = ((await answer.json()) as { data: { title: string; status: string; deadline: string }[] }).data
      .filter((call) => call.status === 'published')
      .sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline));
    const [first, later] = calls;
    expect(later && Date.parse(later.deadline) > Date.parse(first!.deadline)).toBe(true);
    // The day after the first call's deadline, by the phone's clock.
    await page.clock.setFixedTime(Date.parse(first!.deadline) + 86_400_000);
    await page.goto(`${server.url}/me/casting-calls`);

    const notice = page
      .getByRole('article', { name: first!.title, exact: true })
      .getByText(/^Applications closed on (.+)\. Decide by (.+): roles still open then are closed/);
    await expect(notice).toHaveText(/everyone still waiting is told “not selected”\.$/);
    const [, closedOn, decideBy] = /closed on (.+)\. Decide by (.+?):/.exec((await notice.textContent()) ?? '')!;
    const day = (text: string) => Date.parse(text!.replace(/, .*/, ''));
    expect((day(decideBy!) - day(closedOn!)) / 86_400_000).toBe(30);
    await expect(page.getByRole('article', { name: later!.title, exact: true })).not.toContainText(
      'Applications closed on',
    );
  });

  test('on a phone the poster’s filters fold away behind one button, which says how many are set', async ({
    browser,
  }) => {
    const poster = await pageAs(browser, director, 390);
    const { page } = poster;
    await page.goto(`${server.url}/me/casting-calls`);
    await page
      .getByRole('article', { name: 'Monsoon Letters', exact: true })
      .getByRole('link', { name: 'Applicants' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Monsoon Letters: applicants' })).toBeVisible();
    // The first applicant shows whole on the first screen, under the role to pick.
    await expect(page.getByRole('article').first()).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('combobox', { name: 'Role' })).toBeVisible();
    const city = page.getByLabel('City');
    await expect(city).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Filters and sort' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await city.fill('Delhi');
    await expect(page).toHaveURL(/[?&]city=Delhi(&|$)/);
    await expect(page.getByRole('button', { name: 'Filters and sort (1)' })).toBeVisible();
    await poster.close();
  });

  test('a moderator publishes a call waiting from an unverified production house, and it is found under Auditions', async ({
    page,
  }) => {
    await signInAt(page, server.url, { email: 'moderator@cineverse.in', password: 'Backstage@2026' });
    await page.goto(`${server.url}/admin/moderation?type=calls`);
    const item = page
      .getByRole('list', { name: 'Casting calls' })
      .getByRole('listitem')
      .filter({ hasText: 'Runway Dreams' });
    await expect(item).toContainText('Blue Lotus Entertainment');
    await item.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('No casting call waits for a decision.')).toBeVisible();
    await page.goto(`${server.url}/auditions?city=Delhi`);
    await expect(page.getByRole('link', { name: /Runway Dreams/ })).toBeVisible();
  });

  test('an actor finds a call by language and city and applies on a phone; the casting director shortlists and selects; the actor is told in the centre and by mail', async ({
    page,
    browser,
  }) => {
    // The selection is told 10 s after it is made.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAt(page, server.url, actor);
    await page.goto(`${server.url}/auditions`);
    await page.getByLabel('Language').fill('Marathi');
    await page.getByLabel('City').fill('Pune');
    const card = page.getByRole('link', { name: /Pehli Baarish: music video/ });
    await expect(card).toBeVisible();
    await expect(page.getByRole('link', { name: /Kadal Kaatru/ })).toHaveCount(0);
    await expect(page).toHaveURL(/language=Marathi/);
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pehli Baarish: music video' })).toBeVisible();
    await expect(page.getByText('CineVerse never asks you to pay to audition')).toBeVisible();

    await page.getByRole('button', { name: 'Apply for The couple' }).click();
    const form = page.getByRole('form', { name: 'Apply for The couple' });
    await expect(form.getByRole('checkbox', { name: /Your photo 1/ })).toBeChecked();
    await form.getByLabel('A note to the casting team (optional)').fill('I sing in Marathi and ride a bike.');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText('You applied:')).toBeVisible();
    await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const poster = await pageAs(browser, director, 1280);
    try {
      await poster.page.goto(`${server.url}/me/casting-calls`);
      await poster.page
        .getByRole('article', { name: 'Pehli Baarish: music video' })
        .getByRole('link', { name: 'Applicants' })
        .click();
      const applicant = poster.page.getByRole('article', { name: 'Arjun Mehta' });
      await expect(applicant.getByTestId('applicant-status')).toHaveText('Submitted');
      await applicant.getByRole('button', { name: 'Open application' }).click();
      await expect(applicant.getByText('“I sing in Marathi and ride a bike.”')).toBeVisible();
      await expect(applicant.getByTestId('applicant-status')).toHaveText('Viewed');
      await applicant.getByRole('button', { name: 'Shortlist' }).click();
      await expect(applicant.getByTestId('applicant-status')).toHaveText('Shortlisted');
      await applicant.getByRole('button', { name: 'Select', exact: true }).click();
      await poster.page
        .getByRole('dialog', { name: 'Select Arjun Mehta?' })
        .getByRole('button', { name: 'Select', exact: true })
        .click();
      await expect(applicant.getByTestId('applicant-status')).toHaveText('Selected');
    } finally {
      await poster.close();
    }

    // The selection is told once its 10 s to undo have passed.
    const token = await page.evaluate(() => localStorage.getItem('useAccessToken'));
    await expect
      .poll(
        async () =>
          (await myApplications(page, token!)).find((item) => item.call_title === 'Pehli Baarish: music video')?.status,
        { timeout: 30_000 },
      )
      .toBe('selected');
    await page.goto(`${server.url}/me/applications`);
    await expect(
      page.getByRole('article', { name: 'The couple in Pehli Baarish: music video' }).getByTestId('application-status'),
    ).toHaveText('Selected');
    // Every status reads in full on the phone, beside a call's title however long.
    expect(await page.getByTestId('application-status').count()).toBeGreaterThan(1);
    expect(await textCutOnScreen(page)).toEqual([]);
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await expect(centre.getByText('You are selected')).toBeVisible();
    await expect(centre.getByText('You are shortlisted')).toBeVisible();
    await expect(centre.getByText('Your application was viewed')).toBeVisible();
    // Opening the centre reads them.
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

    await expect
      .poll(
        () => smtp.received.find((mail) => mail.to.includes(actor.email) && mail.raw.includes('You are selected')),
        {
          timeout: 20_000,
        },
      )
      .toBeTruthy();
  });

  test('Apply pressed offline before the profile ever loaded says so, and opens the form once back online', async ({
    page,
    context,
  }) => {
    await signInAt(page, server.url, actor);
    const calls = (await (
      await page.request.get(`${server.url}/backend/api/api/v1/casting-calls?language=Tamil`)
    ).json()) as { data: { id: number; title: string }[] };
    const kadal = calls.data.find((call) => call.title === 'Kadal Kaatru')!;
    // The network drops before the profile arrives.
    await page.route('**/me/profile', (route) => route.abort('internetdisconnected'));
    const profileFailed = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/me/profile'));
    await page.goto(`${server.url}/auditions/${kadal.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kadal Kaatru' })).toBeVisible();
    await profileFailed;
    await context.setOffline(true);
    await page.unroute('**/me/profile');

    await page.getByRole('button', { name: 'Apply for Murugan' }).click();
    await expect(
      page.getByText(
        'You are offline, and this profile was not opened on this device before, so it is not saved here.',
      ),
    ).toBeVisible();

    await context.setOffline(false);
    const form = page.getByRole('form', { name: 'Apply for Murugan' });
    await expect(form.getByLabel('A note to the casting team (optional)')).toBeVisible({ timeout: 15_000 });
  });

  test('an application written offline is sent once the network returns; one refused meanwhile keeps its note to copy', async ({
    page,
    context,
  }) => {
    const token = await signInAt(page, server.url, actor);
    const calls = (await (
      await page.request.get(`${server.url}/backend/api/api/v1/casting-calls?per_page=48`)
    ).json()) as {
      data: { id: number; title: string; roles: { id: number; name: string }[] }[];
    };
    const coffee = calls.data.find((call) => call.title === 'Filter Coffee: ad film')!;
    // The page loads the applicant's profile with it, so that Apply opens offline: the user saw the page loaded.
    const profileLoaded = page.waitForResponse(
      (response) => response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/me/profile'),
    );
    await page.goto(`${server.url}/auditions/${coffee.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Filter Coffee: ad film' })).toBeVisible();
    expect(await (await profileLoaded).finished()).toBeNull();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Apply for Grandson' }).click();
    const form = page.getByRole('form', { name: 'Apply for Grandson' });
    await form.getByLabel('A note to the casting team (optional)').fill('Kannada from my mother’s side.');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(
      page.getByText('Your application is saved on this device and will be sent once you are back online.', {
        exact: true,
      }),
    ).toBeVisible();
    expect((await myApplications(page, token)).some((item) => item.role_name === 'Grandson')).toBe(false);

    await context.setOffline(false);
    await expect(page.getByText('You applied:')).toBeVisible({ timeout: 15_000 });
    const sent = (await myApplications(page, token)).filter((item) => item.role_name === 'Grandson');
    expect(sent).toHaveLength(1);

    // Written offline for a role the poster closes meanwhile: refused when sent, the note kept to copy.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Apply for Grandmother' }).click();
    const second = page.getByRole('form', { name: 'Apply for Grandmother' });
    await second.getByLabel('A note to the casting team (optional)').fill('Writing for my aunt, a theatre veteran.');
    await second.getByRole('button', { name: 'Send application' }).click();
    await expect(
      page.getByText('Your application is saved on this device and will be sent once you are back online.', {
        exact: true,
      }),
    ).toBeVisible();
    const directorLogin = await page.request.post(`${server.url}${USER_API}/login`, { data: director });
    const directorToken = ((await directorLogin.json()) as { token: string }).token;
    const grandmother = coffee.roles.find((role) => role.name === 'Grandmother')!;
    const closed = await page.request.post(
      `${server.url}${USER_API}/casting-calls/${coffee.id}/roles/${grandmother.id}/close`,
      {
        headers: { authorization: `Bearer ${directorToken}` },
      },
    );
    expect(closed.status()).toBe(200);
    await context.setOffline(false);
    await expect(page.getByText('Your application for Grandmother was not sent')).toBeVisible({ timeout: 15_000 });
    await page.goto(`${server.url}/me/applications`);
    await expect(page.getByText('Not sent: Grandmother in Filter Coffee: ad film')).toBeVisible();
    await expect(page.getByText('Your note: Writing for my aunt, a theatre veteran.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy note' })).toBeVisible();
  });

  test('a call’s Hindi page reads in Hindi on a phone, and an actor applies from it reading Hindi all the way', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAt(page, server.url, actor);
    const calls = (await (
      await page.request.get(`${server.url}/backend/api/api/v1/casting-calls?per_page=48`)
    ).json()) as { data: { id: number; title: string }[] };
    const nawab = calls.data.find((call) => call.title === 'Nawab Sahab')!;

    // The server's render already speaks Hindi.
    const html = await (await page.request.get(`${server.url}/hi/auditions/${nawab.id}`)).text();
    expect(html).toContain('<title>कास्टिंग कॉल: Nawab Sahab | CineVerse</title>');
    expect(html).toContain('आवेदन की आख़िरी तारीख़');

    await page.goto(`${server.url}/hi/auditions/${nawab.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nawab Sahab' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'रोल' })).toBeVisible();
    await expect(page.getByText('CineVerse ऑडिशन के लिए कभी पैसे नहीं माँगता')).toBeVisible();
    const role = page.getByRole('region', { name: 'Nawab Wajid' });
    await expect(role.getByText('जेंडर', { exact: true })).toBeVisible();
    await expect(role.getByText('मेहनताना', { exact: true })).toBeVisible();
    await expect(role.getByText('पुरुष', { exact: true })).toBeVisible();
    await expect(page.getByText('आवेदन की आख़िरी तारीख़', { exact: true })).toBeVisible();
    await expect(page.getByText('Apply for', { exact: false })).toHaveCount(0);

    await role.getByRole('button', { name: 'Nawab Wajid के लिए आवेदन कीजिए' }).click();
    const form = page.getByRole('form', { name: 'Nawab Wajid के लिए आवेदन कीजिए' });
    await expect(form.getByText('भेजने के लिए फ़ोटो')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /आपकी फ़ोटो 1/ })).toBeChecked();
    await form.getByLabel('कास्टिंग टीम के लिए संदेश (ज़रूरी नहीं)').fill('लखनवी उर्दू मेरी ज़बान है।');
    await form.getByRole('button', { name: 'आवेदन भेजिए' }).click();
    await expect(page.getByText('आवेदन भेज दिया गया')).toBeVisible();
    await expect(role.getByText('आपका आवेदन:')).toBeVisible();
    await expect(role.getByText('भेजा गया', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await textCutOnScreen(page)).toEqual([]);

    await role.getByRole('link', { name: 'मेरे आवेदन' }).click();
    await expect(page).toHaveURL(/\/hi\/me\/applications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'मेरे आवेदन' })).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Nawab Sahab में Nawab Wajid' }).getByTestId('application-status'),
    ).toHaveText('भेजा गया');
    expect(await textCutOnScreen(page)).toEqual([]);
  });
});
