import Fastify from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { withJsonText } from '../../server/src/lib/json-text.js';
import { responseSerializerCompiler } from '../../server/src/lib/response-serializer.js';

const cardSchema = z.object({
  id: z.int(),
  name: z.string(),
  photo: z.nullable(z.string()),
  languages: z.array(z.string()),
  note: z.optional(z.string()),
  status: z.enum(['open', 'closed']),
  callback: z.nullable(z.object({ at: z.string(), place: z.string() })),
  counts: z.record(z.string(), z.int()),
});

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app with one route that answers `body` under the card schema. */
async function appAnswering(check: boolean, body: unknown) {
  const app = Fastify({ logger: false });
  apps.push(app);
  app.setSerializerCompiler(responseSerializerCompiler(check));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/card', { schema: { response: { 200: cardSchema } } }, async () => body as z.infer<typeof cardSchema>);
  await app.ready();
  return app;
}

const card = {
  id: 7,
  name: 'Asha',
  photo: null,
  languages: ['hindi', 'marathi'],
  status: 'open',
  callback: { at: '2026-12-01T10:00:00+05:30', place: 'Andheri', secret: 'the poster’s own' },
  counts: { submitted: 3, shortlisted: 1 },
  email: 'asha@example.com',
};
const written = {
  id: 7,
  name: 'Asha',
  photo: null,
  languages: ['hindi', 'marathi'],
  status: 'open',
  callback: { at: '2026-12-01T10:00:00+05:30', place: 'Andheri' },
  counts: { submitted: 3, shortlisted: 1 },
};

describe('the JSON answers writer', () => {
  it.each([false, true])('writes only the contract’s fields, at every depth (checked: %s)', async (check) => {
    const app = await appAnswering(check, card);
    const response = await app.inject({ method: 'GET', url: '/card' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(written);
    expect(response.body).not.toContain('asha@example.com');
    expect(response.body).not.toContain('secret');
  });

  it('checked, refuses an answer that breaks the contract', async () => {
    const app = await appAnswering(true, { ...card, id: 'seven', status: 'archived' });
    const response = await app.inject({ method: 'GET', url: '/card' });
    expect(response.statusCode).toBe(500);
  });

  it('sends an answer that came with its own text as that text', async () => {
    // Spaced and ordered as no serializer writes it: only the answer's own text reads so.
    const text = `{ "counts": {"submitted": 3, "shortlisted": 1}, ${JSON.stringify(written).slice(1)}`;
    const app = await appAnswering(false, withJsonText({ ...written }, text));
    const response = await app.inject({ method: 'GET', url: '/card' });
    expect(response.body).toBe(text);
  });

  it('checked, refuses an answer whose own text says more than the contract', async () => {
    const text = JSON.stringify({ ...written, email: 'asha@example.com' });
    const app = await appAnswering(true, withJsonText({ ...written }, text));
    const response = await app.inject({ method: 'GET', url: '/card' });
    expect(response.statusCode).toBe(500);
  });
});
