CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (visibility = 'public' and hidden_by_staff_at is null and not minor) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(display_name || ' ' || headline || ' ' || skills::text)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "language_keys" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(lower(languages::text)::jsonb, '$[*].language')) STORED;--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_language_keys_idx" ON "profiles" USING gin ("language_keys");--> statement-breakpoint
CREATE INDEX "profiles_listed_order_idx" ON "profiles" USING btree ("verified" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST,"id") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_listed_city_idx" ON "profiles" USING btree (lower("city")) WHERE "profiles"."listed";