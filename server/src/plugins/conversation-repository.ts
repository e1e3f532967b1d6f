import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import { CONTACT_DAILY_LIMIT, type Conversation } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import { conversationMessages, conversations, profiles, users } from '../db/schema.js';
import { takeMessageSlot } from '../lib/message-quota.js';
import { tell } from '../lib/tell.js';
import { answerMail, answerNotice, gatheredMessagesMail, messageMail, messageNotice } from '../lib/templates.js';
import { HttpError } from './error-handler.js';
import { canSeeProfile } from './profile-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a conversation names a profile whose member deleted their account (as their orders do). */
const DELETED_MEMBER = 'Deleted member';

/** Who wrote: their own profile, when they have one (an organisation's badge and link show in the conversation). */
const senderProfiles = alias(profiles, 'sender_profiles');

/**
 * The organisation on the other side of a conversation, as the reader is shown it: the profile of the other side when
 * it is an organisation whose page everyone may see (a hidden or held one is not vouched for), or null.
 */
function organisationOf(profile: typeof profiles.$inferSelect | null): Conversation['organisation'] {
  if (!profile || profile.kind !== 'organisation' || !canSeeProfile(profile, null)) return null;
  return { handle: profile.handle, display_name: profile.displayName, verified: profile.verified };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** "Contact": conversations between a member and a profile, kept in both accounts and told by email. */
    conversationRepository: {
      /** Writes to the profile `handle` (a new conversation counts toward the sender's daily limit). */
      contact(tx: Database, senderId: number, handle: string, message: string): Promise<{ id: number }>;
      reply(tx: Database, userId: number, conversationId: number, message: string): Promise<void>;
      listFor(userId: number): Promise<Conversation[]>;
    };
  }
}

export interface ConversationRepositoryOptions {
  publicUrl: string;
}

export default fp<ConversationRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const site = options.publicUrl.replace(/\/+$/, '');

    /** Whether the account's profile is a minor's (DPDP Act 2023 s.9). */
    const isMinorAccount = async (tx: Database, userId: number) => {
      const [row] = await tx.select({ minor: profiles.minor }).from(profiles).where(eq(profiles.userId, userId));
      return row?.minor === true;
    };

    fastify.decorate('conversationRepository', {
      async contact(tx, senderId, handle, message) {
        const [profile] = await tx.select().from(profiles).where(eq(profiles.handle, handle));
        // Nobody starts a conversation with a minor: their profile answers as a hidden one does.
        if (!profile || !canSeeProfile(profile, null)) throw new HttpError(404, 'There is no such profile');
        if (profile.userId === senderId) throw new HttpError(400, 'This is your own profile');
        // Nor does a minor start one: the answers would reach the child's own inbox.
        if (await isMinorAccount(tx, senderId)) {
          throw new HttpError(
            403,
            'Members under 18 cannot write to other members; casting calls reach you through your guardian',
          );
        }
        await takeMessageSlot(tx, senderId);
        // One sender's conversations are counted and started in turn.
        await tx.execute(sql`select pg_advisory_xact_lock(7301, ${senderId})`);
        let [conversation] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.profileId, profile.id), eq(conversations.senderId, senderId)));
        if (!conversation) {
          const since = new Date(Date.now() - DAY_MS);
          const recent = await tx
            .select({ createdAt: conversations.createdAt })
            .from(conversations)
            .where(and(eq(conversations.senderId, senderId), gt(conversations.createdAt, since)))
            .orderBy(asc(conversations.createdAt));
          if (recent.length >= CONTACT_DAILY_LIMIT) {
            const retryAfter = Math.ceil((recent[0]!.createdAt.getTime() + DAY_MS - Date.now()) / 1000);
            throw new HttpError(
              429,
              `You can start ${CONTACT_DAILY_LIMIT} new conversations a day. Try again later.`,
              undefined,
              Math.max(retryAfter, 1),
            );
          }
          [conversation] = await tx
            .insert(conversations)
            .values({ profileId: profile.id, senderId })
            .returning({ id: conversations.id });
        }
        await tx
          .insert(conversationMessages)
          .values({ conversationId: conversation!.id, authorId: senderId, body: message });
        const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, senderId));
        // In the centre, and by mail (a minor's to their guardian) at most once an hour per conversation.
        await tell(tx, {
          userId: profile.userId,
          kind: 'message',
          words: messageNotice(sender!.name, profile.displayName, message),
          link: '/messages',
          mail: {
            write: (to) => messageMail(to, sender!.name, profile.displayName, message, site),
            gather: {
              conversationId: conversation!.id,
              write: (to, count) => gatheredMessagesMail(to, sender!.name, count, message, site),
            },
          },
        });
        return conversation!;
      },

      async reply(tx, userId, conversationId, message) {
        const [found] = await tx
          .select({ conversation: conversations, profile: profiles })
          .from(conversations)
          .leftJoin(profiles, eq(profiles.id, conversations.profileId))
          .where(eq(conversations.id, conversationId));
        const isMember = found?.profile != null && found.profile.userId === userId;
        // A conversation begun before its profile was known as a minor's is closed (its messages go nowhere).
        if (!found || found.profile?.minor || (!isMember && found.conversation.senderId !== userId)) {
          throw new HttpError(404, 'There is no such conversation');
        }
        // A conversation a minor began is closed too: nothing more reaches the child.
        if (await isMinorAccount(tx, found.conversation.senderId)) {
          throw new HttpError(404, 'There is no such conversation');
        }
        // The member left CineVerse: what was said stays readable, but nobody is there to answer.
        if (!found.profile) throw new HttpError(409, 'This member has left CineVerse: the conversation is closed');
        await takeMessageSlot(tx, userId);
        await tx.insert(conversationMessages).values({ conversationId, authorId: userId, body: message });
        const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
        // The member's answer goes to the sender; the sender's to the member (a minor's guardian).
        const toId = isMember ? found.conversation.senderId : found.profile.userId;
        const answerer = isMember ? found.profile.displayName : author!.name;
        await tell(tx, {
          userId: toId,
          kind: 'message',
          words: answerNotice(answerer, message),
          link: '/messages',
          mail: {
            write: (to) => answerMail(to, answerer, message, site),
            gather: { conversationId, write: (to, count) => gatheredMessagesMail(to, answerer, count, message, site) },
          },
        });
      },

      async listFor(userId) {
        // The conversation with the latest message first, as a phone's messages are (read through the index on
        // each conversation's messages by time).
        const latest = sql`(select max(${conversationMessages.createdAt}) from ${conversationMessages}
          where ${conversationMessages.conversationId} = ${conversations.id})`;
        const rows = await db
          .select({
            conversation: conversations,
            profile: profiles,
            sender: { name: users.name },
            senderProfile: senderProfiles,
          })
          .from(conversations)
          .leftJoin(profiles, eq(profiles.id, conversations.profileId))
          .innerJoin(users, eq(users.id, conversations.senderId))
          .leftJoin(senderProfiles, eq(senderProfiles.userId, conversations.senderId))
          .where(
            and(
              or(eq(conversations.senderId, userId), eq(profiles.userId, userId)),
              // A deleted member's conversations stay; a minor's are closed.
              or(isNull(profiles.id), eq(profiles.minor, false)),
            ),
          )
          .orderBy(sql`${latest} desc nulls last`, desc(conversations.id));
        if (rows.length === 0) return [];
        const messages = await db
          .select()
          .from(conversationMessages)
          .where(
            inArray(
              conversationMessages.conversationId,
              rows.map((row) => row.conversation.id),
            ),
          )
          .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
        return rows.map(({ conversation, profile, sender, senderProfile }) => {
          const isMember = profile?.userId === userId;
          const displayName = profile?.displayName ?? DELETED_MEMBER;
          return {
            id: conversation.id,
            // Empty once the member left: there is no profile to link to.
            handle: profile?.handle ?? '',
            display_name: displayName,
            role: isMember ? ('member' as const) : ('sender' as const),
            with_name: isMember ? sender.name : displayName,
            organisation: organisationOf(isMember ? senderProfile : profile),
            messages: messages
              .filter((item) => item.conversationId === conversation.id)
              .map((item) => ({
                from_me: item.authorId === userId,
                body: item.body,
                at: item.createdAt.toISOString(),
              })),
            created_at: conversation.createdAt.toISOString(),
          };
        });
      },
    });
  },
  { name: 'conversation-repository', dependencies: ['database'] },
);
