DROP INDEX "profiles_listed_city_idx";--> statement-breakpoint
ALTER TABLE "casting_calls" ADD COLUMN "city_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city_key" text;--> statement-breakpoint
CREATE INDEX "profiles_name_key_trgm_idx" ON "profiles" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_listed_city_key_idx" ON "profiles" USING btree ("city_key") WHERE "profiles"."listed";