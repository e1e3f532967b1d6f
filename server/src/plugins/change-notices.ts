import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

/**
 * Change notices: how every server process on one PostgreSQL database learns that another changed rows it keeps
 * copies of (cached reads, rendered pages, sessions, counts). Triggers (migration 0032_change_notices) send a notice
 * on the channel `cineverse_changes` inside the writing transaction, so PostgreSQL delivers it only once the change
 * is committed and visible. Each process listens on one connection of its own, outside the pool: a pooled connection
 * is shared by queries and may be closed at any time, and a LISTEN belongs to its session.
 *
 * While the connection listens, copies may be kept long (a notice drops them). When it is lost, every copy is dropped,
 * the copies made meanwhile expire as quickly as they did before notices existed, and the connection is opened again;
 * once it listens again every copy is dropped once more (notices sent while it was away were missed). Both changes
 * are logged. The embedded database is one process's: nothing crosses processes, and its copies stay local with their
 * short expiry; only the members' news (LOCAL_TOPICS) is handed over by its thread, on commit as PostgreSQL does.
 */

declare module 'fastify' {
  interface FastifyInstance {
    changeNotices: ChangeNotices;
  }
}

/**
 * What a notice says changed; `applications` carries the call's id (`applications:42`). `notices` and `messages` are
 * news for members' live streams (plugins/member-events.ts): `notices:<member>:<notification id>`,
 * `messages:<conversation id>:<member>,<member>`.
 */
export type ChangeTopic =
  'content' | 'catalog' | 'profiles' | 'casting' | 'sessions' | 'applications' | 'notices' | 'messages';

/**
 * The topics the embedded database hands over in its own process too: members' streams are fed by them (and end with
 * their session), where the other topics' copies need no notice in one process (their short expiry stays).
 */
const LOCAL_TOPICS: ChangeTopic[] = ['notices', 'messages', 'sessions'];

/** `detail` is the text after the topic; undefined when notices may have been missed and every copy must go. */
export type ChangeHandler = (detail: string | undefined) => void;

export interface ChangeNotices {
  /**
   * `listening`: notices arrive and copies may be kept long. `lost`: the listening connection is away (or not yet
   * open), copies expire quickly. `local`: the embedded database, one process.
   */
  readonly state: 'listening' | 'lost' | 'local';
  /** The PostgreSQL backend process of the listening connection, while it listens. */
  readonly listenerPid: number | undefined;
  /** Notices received since the process started. */
  readonly received: number;
  on(topic: ChangeTopic, handler: ChangeHandler): void;
}

export const CHANGE_CHANNEL = 'cineverse_changes';

export interface ChangeNoticesOptions {
  /** How long after losing the listening connection it is opened again, and between attempts (default 1 s). */
  retryMs?: number;
}

/** 1 s: a database that is back is listened to again within a second; one still away is tried once a second. */
const RETRY_MS = 1_000;
/** A database that does not answer at all is given up after this, as the pool does (3 s). */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * 10 s: how often the listening connection is asked `select 1`. A connection cut without a word (a host gone, a
 * firewall forgetting it) would otherwise look alive until TCP keepalive gives up, many minutes later; one that does
 * not answer within CONNECT_TIMEOUT_MS is treated as lost.
 */
const HEARTBEAT_MS = 10_000;

export default fp<ChangeNoticesOptions>(
  async (fastify: FastifyInstance, options) => {
    const handlers = new Map<string, ChangeHandler[]>();
    const url = fastify.database.kind === 'postgres' ? fastify.database.url : undefined;
    const retryMs = options.retryMs ?? RETRY_MS;
    let state: ChangeNotices['state'] = url ? 'lost' : 'local';
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    let closing = false;
    let received = 0;

    const run = (handler: ChangeHandler, detail: string | undefined) => {
      try {
        handler(detail);
      } catch (error) {
        fastify.log.error({ err: error }, 'A change notice handler failed');
      }
    };
    const dropEverything = () => {
      for (const list of handlers.values()) for (const handler of list) run(handler, undefined);
    };
    const deliver = (payload: string) => {
      received += 1;
      const colon = payload.indexOf(':');
      const topic = colon < 0 ? payload : payload.slice(0, colon);
      const detail = colon < 0 ? undefined : payload.slice(colon + 1);
      for (const handler of handlers.get(topic) ?? []) run(handler, detail);
    };

    const scheduleRetry = () => {
      if (closing || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        void listen();
      }, retryMs);
    };

    const lose = (lost: pg.Client, error?: unknown) => {
      if (client !== lost) return;
      client = undefined;
      clearInterval(heartbeat);
      lost.removeAllListeners('notification');
      lost.end().catch(() => {});
      if (closing) return;
      state = 'lost';
      dropEverything();
      fastify.log.warn(
        { err: error },
        'Lost the database connection that listens for change notices: cached copies expire quickly until it is back',
      );
      scheduleRetry();
    };

    async function listen(): Promise<void> {
      const candidate = new pg.Client({
        connectionString: url,
        application_name: 'cineverse change notices',
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      // Until it listens, a failure is a failed attempt; after, it is a lost connection.
      candidate.on('error', (error) => lose(candidate, error));
      candidate.on('end', () => lose(candidate));
      candidate.on('notification', (message) => deliver(message.payload ?? ''));
      try {
        await candidate.connect();
        await candidate.query(`LISTEN ${CHANGE_CHANNEL}`);
      } catch (error) {
        candidate.removeAllListeners();
        candidate.on('error', () => {});
        candidate.end().catch(() => {});
        if (!closing) {
          fastify.log.warn({ err: error }, 'Could not listen for change notices; trying again');
          scheduleRetry();
        }
        return;
      }
      if (closing) {
        await candidate.end().catch(() => {});
        return;
      }
      client = candidate;
      state = 'listening';
      heartbeat = setInterval(() => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('The listening connection did not answer')), CONNECT_TIMEOUT_MS);
        });
        Promise.race([candidate.query('select 1'), late])
          .catch((error: unknown) => lose(candidate, error))
          .finally(() => clearTimeout(timer));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      // Notices sent before this connection listened were missed: nothing kept from then is trusted.
      dropEverything();
      fastify.log.info('Listening for change notices: cached copies are kept until a change drops them');
    }

    fastify.decorate('changeNotices', {
      get state() {
        return state;
      },
      get listenerPid() {
        return (client as (pg.Client & { processID?: number }) | undefined)?.processID;
      },
      get received() {
        return received;
      },
      on(topic: ChangeTopic, handler: ChangeHandler) {
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      },
    });

    if (url) await listen();
    const pglite = fastify.database.pglite;
    const stopLocal = pglite ? await pglite.onNotice(CHANGE_CHANNEL, LOCAL_TOPICS, deliver) : undefined;

    fastify.addHook('onClose', async () => {
      stopLocal?.();
      closing = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    });
  },
  { name: 'change-notices', dependencies: ['database'] },
);
