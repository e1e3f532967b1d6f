import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { orderMovedByTheShop, SHOP_MANAGER, signIn } from './shop-helpers';

/** A new shopper's order of one poster set, delivered by the shop manager through the back office's API. */
async function deliveredOrder(page: Page) {
  const { shopper, placed } = await orderMovedByTheShop(page, [
    { to: 'confirmed' },
    { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL7845120999' },
    { to: 'delivered' },
  ]);
  return { shopper, orderId: placed.data.id };
}

test.describe('returns on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a return with a photo is approved, picked up, received and refunded; the shopper sees each step', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two people, five steps, a page read again after each: longer than one page's test.
    test.setTimeout(150_000);
    const { shopper, orderId } = await deliveredOrder(page);
    await signIn(page, { email: shopper.email, password: shopper.password });
    await page.goto(`/orders/${orderId}`);
    const section = page.getByRole('region', { name: 'Return or report a problem' });
    await section.getByRole('button', { name: 'Return or report a problem' }).click();
    const form = page.getByRole('form', { name: 'Return or report a problem' });
    // The order's only line is chosen already.
    await expect(form.getByRole('checkbox', { name: 'Golden Era Bollywood Poster Set' })).toBeChecked();
    // Sent without a reason, the form says so at the field.
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(form.getByText('Choose what is wrong')).toBeVisible();
    await form.getByLabel('What is wrong').selectOption({ label: 'Arrived damaged' });
    await form.getByLabel('Tell us more').fill('Two posters arrived torn at one corner.');
    const torn = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'torn.jpg', mimeType: 'image/jpeg', buffer: torn });
    await expect(form.getByRole('img', { name: 'Photo 1 of the problem' })).toHaveAttribute('data-loaded', 'true');
    await expect(form.getByRole('radio', { name: 'My money back' })).toBeChecked();
    expect(await textCutOnScreen(page)).toEqual([]);
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Request sent.' })).toContainText(/GRV-\d{4}-\d{6}/);
    const steps = page.getByTestId('order-return').getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect(steps).toHaveText([/^Requested/]);
    await expect(page.getByTestId('order-return').getByRole('img', { name: 'Photo 1 of the problem' })).toHaveAttribute(
      'data-loaded',
      'true',
    );

    const staffContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    try {
      const staff = await staffContext.newPage();
      await signIn(staff, SHOP_MANAGER);
      // The complaint is on the grievances list with its clocks.
      await staff.goto('/admin/grievances');
      const ticket = staff.getByTestId('grievance').filter({ hasText: `Return of items of order #${orderId}` });
      await expect(ticket).toContainText('Acknowledge by');
      await expect(ticket).toContainText('Resolve by');
      await ticket.getByRole('link', { name: `Order #${orderId}` }).click();
      await expect(staff).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
      const ret = staff.getByTestId('staff-return');
      await expect(ret).toContainText('Two posters arrived torn at one corner.');
      await expect(ret.getByRole('img', { name: 'Photo 1 of the problem' })).toHaveAttribute('data-loaded', 'true');

      await ret.getByLabel('Words to the shopper').fill('Sorry about that: we will collect it.');
      await ret.getByRole('button', { name: 'Approve' }).click();
      await expect(ret).toContainText('Approved');
      await page.reload();
      await expect(steps).toHaveText([/^Requested/, /^Approved.*Sorry about that: we will collect it\./]);

      // Booking the pick-up needs the courier, named at the field.
      await ret.getByLabel('Pick-up tracking ID').fill('DLRP5550001');
      await ret.getByRole('button', { name: 'Book the pick-up' }).click();
      await expect(ret.getByText('Enter the courier')).toBeVisible();
      await ret.getByLabel('Pick-up courier').fill('Delhi');
      await staff.getByRole('option', { name: 'Delhivery' }).click();
      await ret.getByLabel('Pick-up date').fill('2026-12-02');
      await ret.getByRole('button', { name: 'Book the pick-up' }).click();
      await expect(ret.getByRole('button', { name: 'Mark received' })).toBeVisible();
      await page.reload();
      await expect(steps.nth(2)).toContainText('Pick-up booked');
      await expect(steps.nth(2)).toContainText('Delhivery collects it on 2 Dec 2026, tracking ID DLRP5550001.');
      await expect(steps.nth(2).getByRole('link', { name: 'Track the pick-up' })).toHaveAttribute(
        'href',
        /DLRP5550001/,
      );

      await expect(ret.getByRole('checkbox', { name: /Put the items back in stock/ })).toBeChecked();
      await ret.getByRole('button', { name: 'Mark received' }).click();
      await expect(ret.getByRole('button', { name: 'Refund' })).toBeVisible();
      await page.reload();
      await expect(steps.nth(3)).toContainText('Received by us');

      // The refund goes through the order's refund: the whole ₹1,299 of the returned set.
      await expect(ret.getByLabel('Refund (₹)')).toHaveValue('1299');
      await ret.getByLabel('Payment reference (UPI or bank transfer)').fill('UPI/998877665544');
      await ret.getByRole('button', { name: 'Refund' }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Refunded');
      await expect(staff.getByTestId('staff-order-refund')).toContainText(
        'Refunded ₹1,299 (reference UPI/998877665544)',
      );
    } finally {
      await staffContext.close();
    }

    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Refunded');
    await expect(steps).toHaveText([/^Requested/, /^Approved/, /^Pick-up booked/, /^Received by us/, /^Refunded/]);
    await expect(steps.last()).toContainText('₹1,299 refunded');
    await expect(page.getByTestId('order-refund')).toContainText('Payment reference UPI/998877665544');
    // Nothing is left to return: the offer is gone, the return's steps stay.
    await expect(page.getByRole('button', { name: 'Return or report a problem' })).toHaveCount(0);
    expect(await textCutOnScreen(page)).toEqual([]);
  });

  test('the footer links to the grievance officer’s page, in English and in Hindi', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Grievance officer' }).click();
    await expect(page).toHaveURL(/\/grievance-officer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grievance officer' })).toBeVisible();
    const officer = page.getByRole('region', { name: 'Grievance officer' });
    await expect(officer).toContainText('Kavita Rao');
    await expect(officer).toContainText('Grievance Officer');
    await expect(officer.getByRole('link', { name: 'grievances@cineverse.in' })).toHaveAttribute(
      'href',
      'mailto:grievances@cineverse.in',
    );
    await expect(page.getByText('within 48 hours')).toBeVisible();
    expect(await textCutOnScreen(page)).toEqual([]);

    await page.goto('/hi/grievance-officer');
    await expect(page.getByRole('heading', { level: 1, name: 'शिकायत अधिकारी' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'शिकायत अधिकारी' })).toContainText('Kavita Rao');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'शिकायत अधिकारी' })).toBeVisible();
  });
});
