import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.js';
import { memberEventNames } from '../../src/contract/member-events.js';
import { notificationSchema } from '../../src/contract/notifications.js';
import { openMemberStream, type MemberStream } from '../support/member-stream.js';
import { type Cluster, type ClusterPorts, startCluster, whyNoCluster } from './cluster.js';
import { addMembers } from './world.js';

/**
 * Members' live streams across processes (plugins/member-events.ts): two web processes of the production build on one
 * PostgreSQL cluster. A message written through one process is told to its reader, whose stream is held by the other:
 * the notice crosses by PostgreSQL's notifications alone (the processes share nothing else).
 */
const PORTS: ClusterPorts = { postgres: 55610, haproxy: 55611, web: 55612, worker: 55619, smtp: 55620 };

const noCluster = await whyNoCluster();

describe.skipIf(noCluster)('live streams across processes', () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  const streams: MemberStream[] = [];

  beforeAll(async () => {
    cluster = await startCluster({ ports: PORTS, webProcesses: 2 });
    database = await openDatabase({ databaseUrl: cluster.databaseUrl });
  }, 180_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await database?.close();
    await cluster?.stop();
  }, 60_000);

  it('a message written through process A reaches its reader’s stream on process B, notice and message both', async () => {
    const [writer] = await addMembers(database.db, 'live-writer', 1);
    const [reader] = await addMembers(database.db, 'live-reader', 1, true);
    const [a, b] = cluster.web;
    const stream = await openMemberStream(b!.url, reader!.token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === memberEventNames.ready);

    const sent = await fetch(`${a!.url}/backend/api/api/v1/profiles/live-reader-1/contact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Are you free for a callback in Mumbai on Friday?' }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const notice = await stream.next((event) => event.event === memberEventNames.notice);
    expect(notificationSchema.parse(JSON.parse(notice.data))).toMatchObject({ kind: 'message', link: '/messages' });
    expect(notice.lastEventId).toBe(String(notificationSchema.parse(JSON.parse(notice.data)).id));
    await stream.next((event) => event.event === memberEventNames.message);

    // Cut and opened again on process A: it resumes after the last event it had, from the notifications table.
    stream.close();
    await stream.ended;
    const again = await fetch(`${a!.url}/backend/api/api/v1/profiles/live-reader-1/contact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'And bring your headshots, please.' }),
    });
    expect(again.status).toBe(201);
    const resumed = await openMemberStream(a!.url, reader!.token, notice.lastEventId);
    streams.push(resumed);
    const missed = await resumed.next((event) => event.event === memberEventNames.notice);
    expect(Number(missed.lastEventId)).toBeGreaterThan(Number(notice.lastEventId));
    expect(resumed.events.filter((event) => event.event === memberEventNames.notice)).toHaveLength(1);
  });
});
