import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The one row of site-wide settings the spec calls site_settings (id is always 1). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    siteName: text('site_name').notNull(),
    siteDescription: text('site_description').notNull().default(''),
    siteLogo: text('site_logo').notNull().default(''),
    siteFavicon: text('site_favicon').notNull().default(''),
    sitePhone: text('site_phone').notNull().default(''),
    siteWhatsapp: text('site_whatsapp').notNull().default(''),
    siteAddress: text('site_address').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    youtube: text('youtube').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);

/** Directory categories (Artist, Union, Vendor...), the keys of categoryList. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lower-cased so that look-ups ignore case. */
  email: text('email').notNull().unique(),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('customer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bearer tokens: only the SHA-256 of a token is stored, so a database leak yields no usable token. */
export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Home page banner carousel: an image in the `banner` upload folder and where the slide leads. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  altText: text('alt_text').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Insider videos: a thumbnail in the `inside` folder, the video to play and an optional page link. */
export const insiders = pgTable('insiders', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  thumbnail: text('thumbnail').notNull(),
  videoLink: text('video_link').notNull(),
  link: text('link').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Items of the home page content sections (Cine News, Cine Fashion...); images in the `section` folder. */
export const sectionItems = pgTable(
  'section_items',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('section_items_type_idx').on(table.type, table.sortOrder)],
);

/** Directory entries listed under a category (an artist, a studio, a union...); photos in the `directory` folder. */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city').notNull(),
    description: text('description').notNull().default(''),
    photo: text('photo').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('directory_entries_category_idx').on(table.categoryId, table.sortOrder)],
);

/** Messages sent from the contact page, kept until someone on the team answers them. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** The sender's address, kept for abuse handling. */
  ipAddress: text('ip_address').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
});
