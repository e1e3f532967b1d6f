import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedDemoContent } from '../../server/seed/seed.js';
import { buildApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/client.js';
import { razorpayGateway } from '../../server/src/lib/payments/razorpay.js';
import { type PaymentBudgetFigures, runPaymentBudget } from '../../tests/support/payment-budget.js';
import { STAND_IN_KEYS, startRazorpayStandIn } from '../../tests/support/razorpay-stand-in.js';

export type { PaymentBudgetFigures };

/**
 * Stage 13: the webhook budget (tests/support/payment-budget.ts) on a fresh demo database (the embedded one, as `npm
 * start` runs), the app in this process on the Razorpay adapter against the loopback stand-in: 1,000 online orders
 * (50 in the smoke run), each `payment.captured` webhook sent three times shuffled with the callbacks of 90 % of the
 * tabs, then one reconciliation pass.
 */
export async function measurePaymentBudget(smoke: boolean): Promise<PaymentBudgetFigures> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-payments-'));
  const standIn = await startRazorpayStandIn();
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedDemoContent(database.db, path.join(dataDir, 'uploads'));
    const app = await buildApp({
      database,
      closeDatabase: true,
      dataDir,
      distDir: path.join(dataDir, 'no-dist'),
      logLevel: 'warn',
      readCache: false,
      registerLimit: 100_000,
      paymentGateway: razorpayGateway({ ...STAND_IN_KEYS, apiUrl: standIn.url, checkoutUrl: standIn.checkoutUrl }),
    });
    await app.ready();
    try {
      return await runPaymentBudget(app, standIn, { orderCount: smoke ? 50 : 1000 });
    } finally {
      await app.close();
    }
  } finally {
    await standIn.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
