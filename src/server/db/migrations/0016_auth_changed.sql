-- Verified sessions are cached in each API process (modules/auth/session-cache.ts). Every change
-- that could end or alter a signed-in session is told to every process here, in the database, so
-- no write path can forget it: a session row's revocation, expiry, owner or deletion ('s:<id>'; not
-- the once-a-minute last_seen_at) and any update or deletion of a user row ('u:<id>'). NOTIFY is
-- delivered at commit and never for a rolled-back transaction.
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', (CASE WHEN TG_TABLE_NAME = 'sessions' THEN 's:' ELSE 'u:' END) || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
