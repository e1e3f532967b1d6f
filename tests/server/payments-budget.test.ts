import { afterAll, beforeAll, expect, it } from 'vitest';
import { razorpayGateway } from '../../server/src/lib/payments/razorpay.js';
import { runPaymentBudget } from '../support/payment-budget.js';
import { type RazorpayStandIn, STAND_IN_KEYS, startRazorpayStandIn } from '../support/razorpay-stand-in.js';
import { createTestApp, type TestApp } from './test-app.js';

let standIn: RazorpayStandIn;
let testApp: TestApp;

beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  testApp = await createTestApp({
    paymentGateway: razorpayGateway({ ...STAND_IN_KEYS, apiUrl: standIn.url, checkoutUrl: standIn.checkoutUrl }),
  });
});
afterAll(async () => {
  await testApp?.close();
  await standIn?.close();
});

it('ends 1,000 orders paid online, their webhooks each sent three times shuffled and 10% of tabs closed, with 0 duplicate and 0 lost paid orders after one reconciliation pass', async () => {
  const figures = await runPaymentBudget(testApp.app, standIn, { orderCount: 1000 });
  expect(figures.refusals).toBe(0);
  expect(figures.deliveries).toBe(3000);
  expect(figures.closedTabs).toBeGreaterThan(50);
  expect(figures.callbacks).toBe(1000 - figures.closedTabs);
  expect(figures.paid).toBe(1000);
  expect(figures.duplicates).toBe(0);
  expect(figures.lost).toBe(0);
}, 900_000);
