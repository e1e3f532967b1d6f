import fs from 'node:fs/promises';
import { pdfText } from '../support/pdf-text';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { apiAs, productId, registerShopper, signIn, USER_API } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const ADMIN_API = '/backend/api/api/admin/v1';
const manager = { email: 'shop@cineverse.in', password: 'Backstage@2026' };

test('on a phone, the buyer of a shipped order downloads its tax invoice from the order page', async ({ page }) => {
  // Staff set the shop's legal details once; then staff ship the shopper's order.
  const login = await page.request.post(`${USER_API}/login`, { data: manager });
  const staff = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const legal = await page.request.put(`${ADMIN_API}/shop-legal`, {
    headers: staff,
    data: {
      legal_name: 'CineVerse Merch Private Limited',
      address: '12 Film City Road, Goregaon East, Mumbai 400065',
      state_code: '27',
      gstin: '27AAPFU0939F1ZV',
    },
  });
  expect(legal.ok()).toBe(true);

  const shopper = await registerShopper(page.request);
  await apiAs(page.request, shopper.token, 'POST', '/addToCart', {
    product_id: await productId(page, 'Popcorn Bucket Mug'),
    quantity: 1,
  });
  const placed = await apiAs<{ data: { id: number } }>(page.request, shopper.token, 'POST', '/completeOrder', {
    address: {
      name: 'Kavya Rao',
      phone: '9845012345',
      line1: '4, MG Road',
      line2: 'Ashok Nagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    },
    payment_method: 'cod',
  });
  const orderId = placed.data.id;
  for (const move of [{ to: 'confirmed' }, { to: 'shipped', courier: 'Delhivery', tracking_id: `DL${orderId}77` }]) {
    const moved = await page.request.post(`${ADMIN_API}/orders/${orderId}/transition`, { headers: staff, data: move });
    expect(moved.ok()).toBe(true);
  }

  await signIn(page, shopper);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Tax invoice and credit notes' })).toBeVisible();
  // The PDF is made by a job: the page shows it as being prepared, then offers it.
  const download = page.getByRole('button', { name: /^Download PDF: Tax invoice CV\/\d{4}\/\d{6}$/ });
  await expect(download).toBeVisible({ timeout: 20_000 });
  const name = (await download.getAttribute('aria-label'))!.replace('Download PDF: Tax invoice ', '');
  expect(await textCutOnScreen(page)).toEqual([]);

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`${name.replace(/\//g, '-')}.pdf`);
  const bytes = await fs.readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(name);
  expect(text).toContain('Kavya Rao');
  expect(text).toContain('Karnataka (29)');
  expect(text).toMatch(/IGST ?₹/);
});
