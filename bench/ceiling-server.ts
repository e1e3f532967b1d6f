/**
 * The ceiling of the server benchmark: a bare Fastify app with no plugins that answers each path with bytes held
 * in memory. It is given a JSON file of `{ path: { contentType, body } }` and prints its URL when listening.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

interface CannedResponse {
  contentType: string;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('Usage: ceiling-server.ts <responses.json>');
const responses = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, CannedResponse>;

const app = Fastify({ logger: false });
for (const [path, response] of Object.entries(responses)) {
  const body = Buffer.from(response.body);
  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: path,
    handler: (_request, reply) => {
      void reply.type(response.contentType).send(body);
    },
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`Ceiling listening at http://127.0.0.1:${port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
