ALTER TABLE "casting_applications" ADD COLUMN "untold_from" text;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD COLUMN "tell_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "casting_applications_tell_idx" ON "casting_applications" USING btree ("tell_at") WHERE "casting_applications"."tell_at" is not null;