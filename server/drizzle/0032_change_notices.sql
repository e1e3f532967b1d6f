-- hand-written:
-- A committed change to rows that server processes keep copies of sends a notice on the channel cineverse_changes
-- (plugins/change-notices.ts), so every process drops its copies within a second. The notice is sent inside the
-- writing transaction: PostgreSQL delivers it only on commit, and never for a rolled-back one. The payload names what
-- changed: content, catalog, profiles, casting, sessions, or applications:<call id>.
CREATE FUNCTION cineverse_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cineverse_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cineverse_notify_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cineverse_changes', 'applications:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.call_id ELSE NEW.call_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('content');
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('content');
--> statement-breakpoint
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('content');
--> statement-breakpoint
CREATE TRIGGER insiders_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON insiders FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('content');
--> statement-breakpoint
CREATE TRIGGER section_items_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON section_items FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('content');
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('catalog');
--> statement-breakpoint
CREATE TRIGGER profiles_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('profiles');
--> statement-breakpoint
CREATE TRIGGER profile_photos_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profile_photos FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('profiles');
--> statement-breakpoint
CREATE TRIGGER casting_calls_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON casting_calls FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('casting');
--> statement-breakpoint
CREATE TRIGGER casting_roles_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON casting_roles FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('casting');
--> statement-breakpoint
-- Only what a kept session holds: a token's last use is written every few minutes and is not among them.
CREATE TRIGGER users_notify AFTER UPDATE OF name, email, phone, role, disabled_at, email_confirmed_at OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('sessions');
--> statement-breakpoint
CREATE TRIGGER auth_tokens_notify AFTER UPDATE OF revoked_at, user_id, token_hash OR DELETE ON auth_tokens FOR EACH STATEMENT EXECUTE FUNCTION cineverse_notify_change('sessions');
--> statement-breakpoint
CREATE TRIGGER casting_applications_notify AFTER INSERT OR UPDATE OR DELETE ON casting_applications FOR EACH ROW EXECUTE FUNCTION cineverse_notify_application();
