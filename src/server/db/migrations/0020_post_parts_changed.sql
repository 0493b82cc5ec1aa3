-- Each post's parts that are the same for every viewer (its files in order, its thumbnail and
-- teaser, its poll with the options' counts) are cached in each API process (db/change-cache.ts).
-- Every change to what they are made of is told to every process here, in the database, so no write
-- path can forget it: a post's file list NOTIFYs 'post_parts_changed' with the post's id, a file's
-- row with the file's id, a poll or one of its options with the poll's id. Which thumbnail, teaser
-- and poll a post has is read with the post's own row on every page, and an entry is used only for
-- the ones it was made with, so the posts table needs no trigger (its counters move on every like).
-- NOTIFY is delivered at commit, never for a rolled-back transaction, and once per id and
-- transaction. Each table's field is read in its own branch: PL/pgSQL parses a statement when it
-- first runs it.
CREATE OR REPLACE FUNCTION notify_post_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'feed_files' THEN
    PERFORM pg_notify('post_parts_changed', changed.feed_id::text);
  ELSIF TG_TABLE_NAME = 'poll_options' THEN
    PERFORM pg_notify('post_parts_changed', changed.poll_id::text);
  ELSE
    PERFORM pg_notify('post_parts_changed', changed.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER feed_files_post_parts_changed AFTER INSERT OR UPDATE OR DELETE ON feed_files FOR EACH ROW EXECUTE FUNCTION notify_post_parts_changed();
--> statement-breakpoint
CREATE TRIGGER media_files_post_parts_changed AFTER UPDATE OR DELETE ON media_files FOR EACH ROW EXECUTE FUNCTION notify_post_parts_changed();
--> statement-breakpoint
CREATE TRIGGER polls_post_parts_changed AFTER UPDATE OR DELETE ON polls FOR EACH ROW EXECUTE FUNCTION notify_post_parts_changed();
--> statement-breakpoint
CREATE TRIGGER poll_options_post_parts_changed AFTER INSERT OR UPDATE OR DELETE ON poll_options FOR EACH ROW EXECUTE FUNCTION notify_post_parts_changed();
