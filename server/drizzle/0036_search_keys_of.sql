ALTER TABLE "casting_calls" ADD COLUMN "keys_of" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "keys_of" text;--> statement-breakpoint
-- hand-written:
-- A writer that changes a row's keys without saying what it made them from (a process of an earlier release, during
-- a rolling deploy) leaves the row for the upkeep to make its keys again (server/src/lib/search-keys.ts).
CREATE FUNCTION profiles_keys_unvouched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.keys_of IS NOT DISTINCT FROM OLD.keys_of
    AND (NEW.name_key IS DISTINCT FROM OLD.name_key OR NEW.city_key IS DISTINCT FROM OLD.city_key) THEN
    NEW.keys_of := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_keys_unvouched BEFORE UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_keys_unvouched();--> statement-breakpoint
CREATE FUNCTION casting_calls_keys_unvouched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.keys_of IS NOT DISTINCT FROM OLD.keys_of AND NEW.city_key IS DISTINCT FROM OLD.city_key THEN
    NEW.keys_of := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER casting_calls_keys_unvouched BEFORE UPDATE ON casting_calls
  FOR EACH ROW EXECUTE FUNCTION casting_calls_keys_unvouched();
