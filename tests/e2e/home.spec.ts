import type { Page } from '@playwright/test';
import { editHomeData, expect, test } from './fixtures';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const slidesInView = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).locator('[aria-roledescription="slide"][aria-hidden="false"]');
/** A carousel brought on screen, once the code that moves it has taken over from the server-rendered first slides. */
const movingCarousel = async (page: Page, label: string) => {
  const carousel = page.getByRole('region', { name: label, exact: true });
  // Scrolled from the page in one step: the still carousel may be replaced by the moving one at any moment.
  await page.evaluate(
    (name) => document.querySelector(`[data-carousel][aria-label="${name}"]`)?.scrollIntoView({ block: 'center' }),
    label,
  );
  await expect(carousel).toHaveAttribute('data-carousel', 'moving');
  return carousel;
};

test.describe('home page', () => {
  test('shows the sections in the spec order, each with its seeded content', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-section="faq"]')).toBeAttached();
    const order = await page
      .locator('[data-section]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section')));
    expect(order).toEqual([
      'categories',
      'banners',
      'insider',
      'cinenews',
      'cinefashion',
      'courses',
      'auditions',
      'testimonials',
      'trailers',
      'awards',
      'magazine',
      'faq',
    ]);
    await expect(page.locator('h2')).toContainText([
      'Categories',
      'Insider',
      'CineNews',
      'CineFashion',
      'Courses',
      'Auditions',
      'Testimonials',
      'Trailers',
      'Awards',
      'Magazine',
      'FAQ',
    ]);
    await expect(section(page, 'CineNews').getByRole('heading', { level: 3 })).toHaveCount(4);
    await expect(section(page, 'Insider').getByRole('button', { name: /^Play video:/ })).toHaveCount(4);
  });

  test('category tiles link to /category/{label}', async ({ page }) => {
    await page.goto('/');
    const tiles = section(page, 'Categories').getByRole('link');
    const labels = [
      'Artist',
      'Union',
      'Vendor',
      'Production House',
      'Studio',
      'Shooting Location',
      'Course',
      'Theatre',
    ];
    await expect(tiles).toHaveCount(labels.length);
    for (const [index, label] of labels.entries()) {
      await expect(tiles.nth(index)).toHaveAttribute('href', `/category/${encodeURIComponent(label)}`);
      await expect(tiles.nth(index)).toContainText(label);
    }
    await tiles.filter({ hasText: 'Shooting Location' }).click();
    await expect(page).toHaveURL(/\/category\/Shooting%20Location$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shooting Location' })).toBeVisible();
  });

  test('the banner carousel plays by itself, has dots, and a slide follows its link', async ({ page }) => {
    await page.goto('/');
    const banners = await movingCarousel(page, 'Featured');
    const dots = banners.getByRole('tab', { name: /^Slide \d of 3$/ });
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(banners).toHaveAttribute('data-autoplay', 'playing');
    await expect(dots.nth(1)).toHaveAttribute('aria-selected', 'true', { timeout: 4000 });

    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute('aria-selected', 'true');
    const link = slidesInView(page, 'Featured').getByRole('link');
    await expect(link).toHaveAttribute('href', '/category/Course');
    await link.click();
    await expect(page).toHaveURL(/\/category\/Course$/);
  });

  test('the server renders each carousel’s first slides, and the moving carousel takes over without a layout shift', async ({
    page,
    browser,
  }) => {
    // Without JavaScript: the server's HTML alone shows the first banner and the cards that fit.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: process.env.BASE_URL,
      viewport: { width: 900, height: 900 },
    });
    const stillPage = await still.newPage();
    await stillPage.goto('/');
    const shown = (label: string) =>
      stillPage
        .getByRole('region', { name: label, exact: true })
        .locator('[aria-roledescription="slide"]')
        .evaluateAll((slides) => slides.filter((slide) => getComputedStyle(slide).visibility === 'visible').length);
    expect(await shown('Featured')).toBe(1);
    expect(await shown('Magazine issues')).toBe(3);
    await expect(stillPage.getByRole('region', { name: 'Featured', exact: true }).locator('img')).toHaveCount(3);
    await still.close();

    // Every layout shift of the page, with the elements that moved (a carousel that changed height moves what follows).
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & { value: number; sources: { node: Node | null }[] };
      const seen: Shift[] = [];
      const observer = new PerformanceObserver((list) => seen.push(...(list.getEntries() as Shift[])));
      observer.observe({ type: 'layout-shift', buffered: true });
      // What the observer has been given, and what it holds but has not handed over yet.
      (window as unknown as { layoutShifts: () => unknown[] }).layoutShifts = () =>
        [...seen, ...(observer.takeRecords() as Shift[])].map((shift) => ({
          value: shift.value,
          moved: shift.sources.map((source) => source.node?.nodeName ?? '?'),
        }));
    });
    // A shift counts where it is seen: a window tall enough to hold the whole page.
    await page.setViewportSize({ width: 1280, height: 6000 });
    await page.goto('/');
    for (const label of ['Featured', 'Testimonials from members', 'Magazine issues']) await movingCarousel(page, label);
    // A shift is reported with the frame that shows it: two frames on, every shift of the take-over is recorded.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: () => unknown[] }).layoutShifts());
    expect(shifts).toEqual([]);
  });

  test('a video card opens the modal on the privacy-enhanced embed, which closes by button, overlay and Escape', async ({
    page,
  }) => {
    await page.goto('/');
    const play = section(page, 'Insider').getByRole('button', {
      name: 'Play video: On set: lighting a night chase in Film City',
    });
    await play.click();
    const dialog = page.getByRole('dialog', { name: 'On set: lighting a night chase in Film City' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/Xq3v7LmP2aB?autoplay=1&rel=0',
    );
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();

    await play.click();
    await expect(dialog).toBeVisible();
    const viewport = page.viewportSize()!;
    await page.mouse.click(8, viewport.height - 8);
    await expect(dialog).toBeHidden();

    await play.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await section(page, 'Trailers').getByRole('button', { name: 'Play video: The Last Show: trailer' }).click();
    await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/Rz1cVn6GhUa?autoplay=1&rel=0',
    );
  });

  test('Tab and Shift+Tab stay in the open video modal, through the video frame and back to the close button', async ({
    page,
  }) => {
    await page.goto('/');
    await section(page, 'Insider')
      .getByRole('button', { name: /^Play video: On set/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'On set: lighting a night chase in Film City' });
    const close = dialog.getByRole('button', { name: 'Close video' });
    await expect(close).toBeFocused();
    const focusInDialog = () =>
      page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), `focus after ${key}`).toBe(true);
    }
    // Round the loop: from the frame, Tab comes back to the close button.
    await close.focus();
    await page.keyboard.press('Tab');
    await expect(dialog.locator('iframe')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
  });

  test('a card without a page of its own is not a link, and a video card is named by what it shows', async ({
    page,
  }) => {
    await page.goto('/');
    for (const name of ['CineNews', 'CineFashion', 'Courses']) {
      await expect(section(page, name).getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expect(section(page, name).getByRole('link')).toHaveCount(0);
    }
    // The Auditions items lead to their casting calls.
    const audition = section(page, 'Auditions').getByRole('link').first();
    await expect(audition).toHaveAttribute('href', /^\/auditions\/\d+$/);
    const insider = section(page, 'Insider');
    await expect(insider.getByRole('link')).toHaveCount(0);
    // The button's name is the title it shows, after the words only a screen reader says.
    const play = insider.getByRole('button', {
      name: 'Play video: On set: lighting a night chase in Film City',
      exact: true,
    });
    await expect(play).toHaveText('Play video: On set: lighting a night chase in Film City');
    await expect(play).not.toHaveAttribute('aria-label');
    // The whole card plays it: a click on the picture opens the modal.
    const image = insider.getByRole('img', { name: 'On set: lighting a night chase in Film City' });
    await image.scrollIntoViewIfNeeded();
    const picture = await image.boundingBox();
    await page.mouse.click(picture!.x + picture!.width / 2, picture!.y + picture!.height / 2);
    await expect(page.getByRole('dialog', { name: 'On set: lighting a night chase in Film City' })).toBeVisible();
  });

  test('the FAQ has six entries and keeps one open at a time; clicking the open one closes it', async ({ page }) => {
    await page.goto('/');
    const questions = section(page, 'FAQ').getByRole('button');
    await expect(questions).toHaveCount(6);
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(3).click();
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(section(page, 'FAQ').getByText(/at least 5 Mbps/)).toBeVisible();
    await questions.nth(3).click();
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'false');
    await questions.nth(5).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(5)).toHaveAttribute('aria-expanded', 'true');
  });

  for (const [width, perView] of [
    [1280, 4],
    [900, 3],
    [700, 2],
    [360, 2],
  ] as const) {
    test(`the testimonial and magazine carousels show ${perView} cards at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      for (const label of ['Testimonials from members', 'Magazine issues']) {
        await movingCarousel(page, label);
        await expect(slidesInView(page, label)).toHaveCount(perView);
        await page.getByRole('region', { name: label, exact: true }).scrollIntoViewIfNeeded();
        await expect(slidesInView(page, label)).toHaveCount(perView);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('the testimonial carousel moves both ways endlessly, by button and keyboard, and highlights a hovered card', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = await movingCarousel(page, 'Testimonials from members');
    await expect(slidesInView(page, 'Testimonials from members')).toHaveCount(4);
    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-autoplay', 'paused');
    // The carousel tells which slide leads (and screen readers announce it).
    const position = carousel.getByRole('status');
    await expect(position).toHaveText('Slide 1 of 6');

    await carousel.getByRole('button', { name: 'Previous: Testimonials from members' }).click();
    await expect(position).toHaveText('Slide 6 of 6');
    // Endless: the last card leads, followed by the first three.
    await expect
      .poll(() =>
        slidesInView(page, 'Testimonials from members').evaluateAll((slides) =>
          slides.map((slide) => slide.getAttribute('aria-label')),
        ),
      )
      .toEqual(['1 of 6', '2 of 6', '3 of 6', '6 of 6']);
    await carousel.getByRole('button', { name: 'Next: Testimonials from members' }).click();
    await expect(position).toHaveText('Slide 1 of 6');
    await carousel.getByRole('button', { name: 'Next: Testimonials from members' }).press('Enter');
    await expect(position).toHaveText('Slide 2 of 6');

    const card = slidesInView(page, 'Testimonials from members').nth(1).locator('[data-card]');
    const before = await card.evaluate((node) => getComputedStyle(node).boxShadow);
    await card.hover();
    await expect.poll(() => card.evaluate((node) => getComputedStyle(node).boxShadow)).not.toBe(before);
  });

  test('the card carousels play on their own, wait while hovered or focused, and play again after', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = await movingCarousel(page, 'Magazine issues');
    await expect(slidesInView(page, 'Magazine issues')).toHaveCount(4);
    await page.mouse.move(0, 0);
    const position = carousel.getByRole('status');
    await expect(position).toHaveText('Slide 1 of 6');
    await expect(position).toHaveText('Slide 2 of 6', { timeout: 5000 });

    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-autoplay', 'paused');
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-autoplay', 'playing');

    await carousel.getByRole('button', { name: 'Next: Magazine issues' }).focus();
    await expect(carousel).toHaveAttribute('data-autoplay', 'paused');
    await page.getByRole('region', { name: 'Featured', exact: true }).getByRole('tab').first().focus();
    await expect(carousel).toHaveAttribute('data-autoplay', 'playing');
    const shown = await position.textContent();
    await expect(position).not.toHaveText(shown!, { timeout: 5000 });
  });

  test('scroll animations replay each time a section comes back into view', async ({ page }) => {
    await page.goto('/');
    const reveal = section(page, 'Awards').locator('[data-visible]').first();
    await expect(reveal).toHaveAttribute('data-visible', 'false');
    await expect(reveal).toHaveCSS('transition-duration', '0.3s');
    await reveal.scrollIntoViewIfNeeded();
    await expect(reveal).toHaveAttribute('data-visible', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(reveal).toHaveAttribute('data-visible', 'false');
    await reveal.scrollIntoViewIfNeeded();
    await expect(reveal).toHaveAttribute('data-visible', 'true');
  });

  test('with reduced motion nothing autoplays, slides change without animation and every section is shown', async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: process.env.BASE_URL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(section(page, 'Awards').locator('[data-visible]').first()).toHaveAttribute('data-visible', 'true');
    for (const label of ['Featured', 'Testimonials from members', 'Magazine issues']) {
      await expect(await movingCarousel(page, label)).toHaveAttribute('data-autoplay', 'off');
    }
    const banners = page.getByRole('region', { name: 'Featured', exact: true });
    await expect(banners.getByRole('tab').nth(0)).toHaveAttribute('aria-selected', 'true');
    // A dot moves the slides at once: the first frame in which they have moved shows the second banner in place.
    const jump = await banners.evaluate(async (root) => {
      const container = root.querySelector<HTMLElement>('.mantine-Carousel-container')!;
      const width = root.getBoundingClientRect().width;
      root.querySelectorAll<HTMLElement>('[role="tab"]')[1]!.click();
      let position = 0;
      while (position === 0) {
        await new Promise(requestAnimationFrame);
        position = new DOMMatrix(getComputedStyle(container).transform).m41;
      }
      return { position, width };
    });
    expect(Math.abs(jump.position + jump.width)).toBeLessThan(1);
    await context.close();
  });

  test('a section without items is not shown', async ({ page }) => {
    await editHomeData(page, (data) => {
      data.sectionList = data.sectionList.map((item) => (item.type === 'Cine Awards' ? { ...item, data: [] } : item));
      data.insiderList = [];
    });
    await page.goto('/');
    await expect(section(page, 'Magazine')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Awards', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Insider', exact: true })).toHaveCount(0);
  });
});

test.describe('untrusted content', () => {
  test('links with unsafe schemes are not rendered, text is never HTML, and only YouTube plays in the modal', async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await editHomeData(page, (data) => {
      data.bannerList[0]!.link = 'javascript:alert(1)';
      const news = data.sectionList.find((item) => item.type === 'Cine News')!;
      news.data[0]!.link = 'data:text/html,<script>alert(1)</script>';
      news.data[1]!.title = '<img src=x onerror=alert(1)>';
      data.insiderList[0]!.video_link = 'javascript:alert(1)';
      data.insiderList[1]!.video_link = 'https://vimeo.com/76979871';
      data.insiderList[2]!.video_link = 'https://evil.example/embed/Tn4bH6yVd0M';
    });
    await page.goto('/');
    await expect(section(page, 'FAQ')).toBeAttached();
    await expect(page.locator('a[href^="javascript:"], a[href^="data:"], iframe[src^="javascript:"]')).toHaveCount(0);
    await expect(section(page, 'CineNews').getByText('<img src=x onerror=alert(1)>')).toBeAttached();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    const insider = section(page, 'Insider');
    await expect(insider.getByRole('button', { name: /^Play video:/ })).toHaveCount(1);
    await expect(
      insider.getByRole('link', { name: 'Watch video: What a casting director looks for in a self-tape' }),
    ).toHaveAttribute('href', 'https://vimeo.com/76979871');
    await expect(insider.getByRole('link', { name: /^Watch video:/ }).first()).toHaveAttribute('target', '_blank');
    await expect(insider.getByRole('link', { name: /^Watch video:/ }).nth(1)).toHaveAttribute(
      'href',
      'https://evil.example/embed/Tn4bH6yVd0M',
    );
    await expect(insider.getByRole('heading', { name: 'On set: lighting a night chase in Film City' })).toBeVisible();
    expect(dialogs).toEqual([]);
  });
});
