ALTER TABLE "casting_calls" DROP CONSTRAINT "casting_calls_poster_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "casting_calls" ALTER COLUMN "poster_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "casting_calls" ADD CONSTRAINT "casting_calls_poster_id_profiles_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;