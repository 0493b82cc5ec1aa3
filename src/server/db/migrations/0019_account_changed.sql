-- An account's own view and a creator's public profile are cached in each API process
-- (db/user-cache.ts). Every change to what they are made of is told to every process here, in the
-- database, so no write path can forget it: the user row, the creator's row, the wallet's balance
-- and the links of a pending email change NOTIFY 'account_changed' with the account's id. NOTIFY is
-- delivered at commit, never for a rolled-back transaction, and once per id and transaction.
-- Each table's field is read in its own branch: PL/pgSQL parses a statement when it first runs it.
CREATE OR REPLACE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('account_changed', changed.id::text);
  ELSIF TG_TABLE_NAME = 'ledger_accounts' THEN
    PERFORM pg_notify('account_changed', changed.owner_id::text);
  ELSE
    PERFORM pg_notify('account_changed', changed.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_account_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER performers_account_changed AFTER INSERT OR UPDATE OR DELETE ON performers FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER wallets_account_changed AFTER INSERT OR UPDATE OF balance_cents ON ledger_accounts FOR EACH ROW WHEN (NEW.kind = 'wallet') EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER email_change_links_account_changed AFTER INSERT OR UPDATE ON auth_tokens FOR EACH ROW WHEN (NEW.kind = 'change-email') EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER email_change_links_account_dropped AFTER DELETE ON auth_tokens FOR EACH ROW WHEN (OLD.kind = 'change-email') EXECUTE FUNCTION notify_account_changed();
