import { performance } from 'node:perf_hooks';
import { decodeOfflinePins, findOfflinePin } from '../../src/contract/pins.js';
import { OFFLINE_PINS } from '../../src/lib/delivery/offline-pins.gen.js';

/** Stage 16: "Check delivery to your PIN", answered by the server's API and by the device's compact copy. */
export interface PinFigures {
  /** Requests to `GET /checkPincode`, `concurrency` at a time, of PINs drawn from the whole directory. */
  requests: number;
  concurrency: number;
  onlineP50Ms: number;
  onlineP99Ms: number;
  errors: number;
  /** The compact copy: its size, a first lookup (reading the copy, then the PIN) and a lookup after. */
  offlineBytes: number;
  offlineColdP99Ms: number;
  offlineWarmP99Ms: number;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

export async function measurePins(baseUrl: string, smoke: boolean): Promise<PinFigures> {
  const copy = decodeOfflinePins(OFFLINE_PINS);
  const pick = () => String(copy.pins[Math.floor(Math.random() * copy.pins.length)]);
  const requests = smoke ? 100 : 2_000;
  const concurrency = 10;
  const online: number[] = [];
  let errors = 0;
  let sent = 0;
  // Warm the connection and the directory (read once per process).
  await fetch(`${baseUrl}/backend/api/api/v1/checkPincode?pincode=400001`).then((response) => response.text());
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < requests) {
        sent += 1;
        const started = performance.now();
        const response = await fetch(`${baseUrl}/backend/api/api/v1/checkPincode?pincode=${pick()}&total=129900`);
        await response.text();
        online.push(performance.now() - started);
        if (response.status !== 200) errors += 1;
      }
    }),
  );

  const cold: number[] = [];
  for (let run = 0; run < (smoke ? 5 : 50); run += 1) {
    const pin = pick();
    const started = performance.now();
    findOfflinePin(decodeOfflinePins(OFFLINE_PINS), pin);
    cold.push(performance.now() - started);
  }
  const warm: number[] = [];
  for (let run = 0; run < (smoke ? 1_000 : 100_000); run += 1) {
    const pin = pick();
    const started = performance.now();
    findOfflinePin(copy, pin);
    warm.push(performance.now() - started);
  }
  return {
    requests,
    concurrency,
    onlineP50Ms: percentile(online, 0.5),
    onlineP99Ms: percentile(online, 0.99),
    errors,
    offlineBytes: Buffer.byteLength(OFFLINE_PINS),
    offlineColdP99Ms: percentile(cold, 0.99),
    offlineWarmP99Ms: percentile(warm, 0.99),
  };
}
