-- hand-written:
-- A notice written in a member's centre, and a message in a conversation, send a notice on the channel
-- cineverse_changes (plugins/change-notices.ts), so the process holding the member's live stream
-- (plugins/member-events.ts) sends it on within a second, whichever process wrote it. Sent inside the writing
-- transaction: delivered on commit only. `notices:<member>:<notification id>`; `messages:<conversation id>:<member>,<member>`
-- (the one who wrote and the profile's member, the two sides who may read it).
CREATE FUNCTION cineverse_notify_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cineverse_changes', 'notices:' || NEW.user_id || ':' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cineverse_notify_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sides text;
BEGIN
  SELECT c.sender_id || ',' || coalesce(p.user_id::text, '') INTO sides
    FROM conversations c LEFT JOIN profiles p ON p.id = c.profile_id
    WHERE c.id = NEW.conversation_id;
  PERFORM pg_notify('cineverse_changes', 'messages:' || NEW.conversation_id || ':' || coalesce(sides, ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_notify AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION cineverse_notify_notice();
--> statement-breakpoint
CREATE TRIGGER conversation_messages_notify AFTER INSERT ON conversation_messages FOR EACH ROW EXECUTE FUNCTION cineverse_notify_message();
