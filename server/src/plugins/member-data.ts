import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import {
  addresses,
  authTokens,
  cartItems,
  contactMessages,
  idempotencyKeys,
  mailOutbox,
  moderationItems,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  passwordResetTokens,
  profilePhotos,
  pushSubscriptions,
  profiles,
  callbackOffers,
  callbackRequests,
  callbackSlots,
  castingApplications,
  castingCalls,
  castingRoles,
  contactClaimTokens,
  emailConfirmationTokens,
  guardianConsents,
  knownDevices,
  sentMessages,
  signInLinks,
  notifications,
  savedCalls,
  savedSearches,
  rolesTold,
  users,
  wishlistItems,
  grievanceTickets,
  returnRequests,
} from '../db/schema.js';
import { removeImage } from '../lib/images.js';
import { queueShareCard } from '../lib/jobs.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A member's rights over their data (India's DPDP Act, 2023): a copy of everything, and erasure. */
    memberData: {
      /** Everything CineVerse holds about the account, as JSON. */
      exportAll(userId: number): Promise<Record<string, unknown>>;
      /**
       * Deletes the account: profile, photos, addresses, cart, wishlist and sessions go at once; orders stay for tax
       * records with the delivery address reduced to its city, state and PIN code, under "Deleted member". What others
       * wrote stays theirs: contact messages stay with the team, conversations stay with the other side.
       */
      deleteAccount(userId: number): Promise<void>;
    };
  }
}

/** The export speaks the API's language: snake_case keys at every depth, dates as ISO text. */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
        snakeKeys(item),
      ]),
    );
  }
  return value;
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    async function profileOf(executor: Database, userId: number) {
      const [profile] = await executor.select().from(profiles).where(eq(profiles.userId, userId));
      return profile;
    }

    fastify.decorate('memberData', {
      async exportAll(userId) {
        const [account] = await db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            phone: users.phone,
            role: users.role,
            created_at: users.createdAt,
          })
          .from(users)
          .where(eq(users.id, userId));
        if (!account) throw new HttpError(404, 'There is no such account');
        const profile = await profileOf(db, userId);
        const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
        const orderIds = orderRows.map((order) => order.id);
        const refunds = orderIds.length
          ? await db
              .select()
              .from(orderRefunds)
              .where(inArray(orderRefunds.orderId, orderIds))
              .orderBy(asc(orderRefunds.at), asc(orderRefunds.id))
          : [];
        const [addressRows, cart, wishlist, items, events, messages, reports, photos, requests] = await Promise.all([
          db.select().from(addresses).where(eq(addresses.userId, userId)),
          db.select().from(cartItems).where(eq(cartItems.userId, userId)),
          db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)),
          orderIds.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [],
          orderIds.length ? db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)) : [],
          // The member's own messages only: sent while signed in, or claimed by a link to their address. Picked by
          // email, whoever registered an address would read what its owner wrote to the team.
          db.select().from(contactMessages).where(eq(contactMessages.userId, userId)),
          db.select().from(moderationItems).where(eq(moderationItems.reporterId, userId)),
          profile ? db.select().from(profilePhotos).where(eq(profilePhotos.profileId, profile.id)) : [],
          profile
            ? db
                .select()
                .from(moderationItems)
                .where(and(eq(moderationItems.profileId, profile.id), eq(moderationItems.kind, 'verification')))
            : [],
        ]);
        const [applications, calls, saved, notices, conversationList, consents, searches] = await Promise.all([
          profile ? db.select().from(castingApplications).where(eq(castingApplications.profileId, profile.id)) : [],
          profile ? db.select().from(castingCalls).where(eq(castingCalls.posterId, profile.id)) : [],
          db.select().from(savedCalls).where(eq(savedCalls.userId, userId)),
          db.select().from(notifications).where(eq(notifications.userId, userId)),
          // As Messages shows them: the other side by the name they go by, never their email.
          fastify.conversationRepository.listFor(userId),
          profile
            ? db
                .select()
                .from(guardianConsents)
                .where(eq(guardianConsents.profileId, profile.id))
                .orderBy(asc(guardianConsents.id))
            : [],
          db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id)),
        ]);
        // The browsers the member lets us alert: the push service's address of each, not its keys (they are the
        // browser's secret for reading our alerts, no use to the member and a risk in a file that gets mailed).
        const pushDevices = await db
          .select({
            id: pushSubscriptions.id,
            endpoint: pushSubscriptions.endpoint,
            createdAt: pushSubscriptions.createdAt,
          })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.id));
        // The callback slots offered to the member's applications, and their requests for another time.
        const applicationIds = applications.map((application) => application.id);
        const [offered, callbackTimeRequests] = applicationIds.length
          ? await Promise.all([
              db
                .select({ offer: callbackOffers, slot: callbackSlots })
                .from(callbackOffers)
                .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
                .where(inArray(callbackOffers.applicationId, applicationIds)),
              db.select().from(callbackRequests).where(inArray(callbackRequests.applicationId, applicationIds)),
            ])
          : [[], []];
        const roles = calls.length
          ? await db
              .select()
              .from(castingRoles)
              .where(
                inArray(
                  castingRoles.callId,
                  calls.map((call) => call.id),
                ),
              )
          : [];
        return snakeKeys({
          exported_at: new Date().toISOString(),
          account,
          addresses: addressRows,
          profile: await fastify.profileRepository.getMine(userId),
          profile_photos: photos,
          verification_requests: requests,
          reports_made: reports,
          cart,
          wishlist,
          // Refunds are each a row of their own: the order's old single-refund columns are no longer written.
          orders: orderRows.map(({ refundAmount: _amount, refundReference: _reference, ...order }) => ({
            ...order,
            items: items.filter((item) => item.orderId === order.id),
            history: events.filter((event) => event.orderId === order.id),
            refunds: refunds.filter((refund) => refund.orderId === order.id),
          })),
          contact_messages: messages.map(({ idempotencyKey: _key, ...message }) => message),
          // Returns asked and complaints made, with their ticket numbers and the shop's answers.
          return_requests: await db.select().from(returnRequests).where(eq(returnRequests.userId, userId)),
          grievances: (await db.select().from(grievanceTickets).where(eq(grievanceTickets.userId, userId))).map(
            ({ ackAlertedAt: _ack, resolveAlertedAt: _resolve, ...ticket }) => ticket,
          ),
          conversations: conversationList,
          // Consents given for the member: each guardian asked, with when they confirmed or withdrew.
          consent_records: consents.map((consent) => ({
            kind: 'guardian',
            guardian_name: consent.name,
            guardian_email: consent.email,
            asked_at: consent.createdAt,
            consent_at: consent.confirmedAt,
            withdrawn_at: consent.withdrawnAt,
          })),
          // The poster's private notes are the poster's data, not the applicant's.
          // A decision not told yet is not theirs to see yet: its poster may still undo it.
          casting_applications: applications.map(
            ({ posterNote: _note, untoldFrom, tellAt: _tellAt, ...application }) => ({
              ...application,
              status: untoldFrom ?? application.status,
            }),
          ),
          casting_calls_posted: calls.map((call) => ({
            ...call,
            roles: roles.filter((role) => role.callId === call.id),
          })),
          saved_calls: saved,
          // Roles for you: the filters kept (the calls told are in the notifications).
          saved_filters: searches,
          push_subscriptions: pushDevices,
          callback_offers: offered.map(({ offer, slot }) => ({ ...offer, slot })),
          callback_requests: callbackTimeRequests,
          notifications: notices,
        }) as Record<string, unknown>;
      },

      async deleteAccount(userId) {
        let tapeIds: number[] = [];
        const photoNames = await db.transaction(async (tx) => {
          const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
          if (!account) throw new HttpError(404, 'There is no such account');
          const profile = await profileOf(tx, userId);
          const photos = profile
            ? await tx
                .select({ name: profilePhotos.name })
                .from(profilePhotos)
                .where(eq(profilePhotos.profileId, profile.id))
            : [];
          // The member's self-tapes go with the account (their files once this commits).
          tapeIds = await fastify.tapeRepository.deleteTapesOf(tx, userId);
          if (profile) {
            // Callback times the member held are freed for those still waiting (the calendar's cancellation goes to
            // an address whose queued mail goes below).
            const own = await tx
              .select({ id: castingApplications.id })
              .from(castingApplications)
              .where(eq(castingApplications.profileId, profile.id));
            await fastify.callbackRepository.releaseApplications(
              tx,
              own.map((row) => row.id),
            );
            // The member's calls come down and who still waits on them is told, as when a moderator hides a poster;
            // the applications stay theirs (the calls lose their poster, not their applicants).
            await fastify.moderationRepository.withdrawCallsOf(tx, profile.id, 'Its poster left CineVerse.');
            // The profile takes its photos, its own applications, requests and the reports about it with it; the
            // conversations others began with it and the calls others applied to stay (the schema lets go of it).
            await tx.delete(profiles).where(eq(profiles.id, profile.id));
            // Its share cards go: the job finds no profile and deletes their files.
            await queueShareCard(tx, 'profile', profile.id);
          }
          await tx.delete(savedCalls).where(eq(savedCalls.userId, userId));
          await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
          await tx.delete(rolesTold).where(eq(rolesTold.userId, userId));
          await tx.delete(notifications).where(eq(notifications.userId, userId));
          await tx.delete(addresses).where(eq(addresses.userId, userId));
          await tx.delete(cartItems).where(eq(cartItems.userId, userId));
          await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
          await tx.delete(authTokens).where(eq(authTokens.userId, userId));
          await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
          // Links and devices of the account (some hold its old address) and the count of its messages.
          await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
          await tx.delete(contactClaimTokens).where(eq(contactClaimTokens.userId, userId));
          await tx.delete(signInLinks).where(eq(signInLinks.userId, userId));
          await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
          await tx.delete(sentMessages).where(eq(sentMessages.senderId, userId));
          await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
          // Contact messages stay with the team (the account's own ones lose their owner when the row goes, and none is
          // ever chosen by email: the address may have written before this account existed). Mail still queued for
          // the address goes only with an account that has shown the address is its own.
          if (account.emailConfirmedAt !== null && account.email !== null) {
            await tx.delete(mailOutbox).where(eq(mailOutbox.to, account.email));
          }
          // Orders stay (tax records), with the place of supply only.
          await tx
            .update(orders)
            .set({
              address: sql`jsonb_build_object('name', 'Deleted member', 'phone', '', 'line1', '', 'line2', '', 'city', ${orders.address}->>'city', 'state', ${orders.address}->>'state', 'pincode', ${orders.address}->>'pincode')`,
            })
            .where(eq(orders.userId, userId));
          await tx
            .update(users)
            .set({
              name: 'Deleted member',
              email: `deleted-${userId}@deleted.invalid`,
              phone: null,
              phoneConfirmedAt: null,
              passwordHash: 'deleted',
              role: 'customer',
              disabledAt: new Date(),
            })
            .where(eq(users.id, userId));
          return photos.map((photo) => photo.name);
        });
        // Every token stops working now in this process too, not after the session cache's few seconds.
        fastify.forgetSessions();
        const folder = fastify.storage.folder('profile');
        await Promise.all(photoNames.map((name) => removeImage(folder, name)));
        await fastify.tapeRepository.removeFiles(tapeIds);
      },
    });
  },
  {
    name: 'member-data',
    dependencies: [
      'database',
      'auth',
      'profile-repository',
      'conversation-repository',
      'moderation-repository',
      'tape-repository',
    ],
  },
);
