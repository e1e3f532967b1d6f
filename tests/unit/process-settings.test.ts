import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config.js';

describe('the settings a process is started with', () => {
  const postgres = { DATABASE_URL: 'postgres://cineverse@db.internal:5432/cineverse' };

  it('takes a web process and a worker on PostgreSQL, and one process doing both by default', () => {
    expect(readConfig({ ...postgres, ROLE: 'web' }).role).toBe('web');
    expect(readConfig({ ...postgres, ROLE: 'worker' }).role).toBe('worker');
    expect(readConfig({}).role).toBe('all');
  });

  it('refuses a web process or a worker on the embedded database, where no other process could do its work', () => {
    expect(() => readConfig({ ROLE: 'web' })).toThrow(/ROLE=web needs DATABASE_URL/);
    expect(() => readConfig({ ROLE: 'worker' })).toThrow(/ROLE=worker needs DATABASE_URL/);
    expect(() => readConfig({ ...postgres, ROLE: 'everything' })).toThrow(/ROLE must be web, worker or all/);
  });

  it('never serves the bench’s write floor, a cart write without a sign-in, in production', () => {
    expect(readConfig({ BENCH_WRITE_FLOOR: '1' }).benchWriteFloor).toBe(true);
    expect(readConfig({}).benchWriteFloor).toBe(false);
    expect(() => readConfig({ BENCH_WRITE_FLOOR: '1', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
  });
});
