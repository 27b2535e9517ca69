-- Searching captions without reading every cue that matches. A search ranks a query's newest
-- matching cues, up to the cap and one more, among the cues its filters admit; a GIN index gives
-- a word's cues in no order and knows nothing of their recordings, so a phrase said in 10,000
-- cues ("not checked") read all 10,000 rows to find the newest 1,001, and a phrase filtered by
-- platform joined every cue saying it to its track and recording (20 to 60 ms at the search
-- benchmark's scale 1).
--
-- A cue's vector now also holds the blocks of ids it falls in, of 2^13, 2^14 … 2^17 ids, as
-- lexemes (`#13.122`: block 122 of 2^13 ids) that no word or word pair ever is (words are
-- letters and digits, pairs begin with `_`) and that have no positions a phrase could meet. A
-- search for a phrase asks for its pairs one block at a time, newest first, each block at least
-- twice the one before (``CaptionWindows``), and the index reads only the cues there.
--
-- And a cue keeps its recording's platform, as SQLite's caption index does: a platform holds a
-- third of all cues or so, and a cue is checked for it where it lies instead of being joined to
-- its track and recording (a component, which holds few, is still found through its
-- recordings). A trigger writes a cue's platform when the cue is written, and another writes its
-- recording's cues' platform again when the recording's changes.

-- The blocks of ids a cue falls in.
CREATE FUNCTION exhibit_id_blocks(id bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN array_to_tsvector(ARRAY[
  '#13.' || (id >> 13), '#14.' || (id >> 14), '#15.' || (id >> 15), '#16.' || (id >> 16),
  '#17.' || (id >> 17)]);

-- A generated column's expression cannot change in place: the column is made again, with its
-- index (the table's rows are written again once).
ALTER TABLE caption_cue DROP COLUMN search;

ALTER TABLE caption_cue ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('exhibit_search'::regconfig, exhibit_search_words(text))
  || exhibit_word_pairs(to_tsvector('exhibit_search'::regconfig, exhibit_search_words(text)))
  || exhibit_id_blocks(id)
) STORED;

CREATE INDEX caption_cue_search ON caption_cue USING gin (search);

ALTER TABLE caption_cue ADD COLUMN platform text;

UPDATE caption_cue c SET platform = r.platform
FROM caption_track t JOIN recording r ON r.id = t.recording_id
WHERE c.track_id = t.id;

-- A cue written: its track's recording's platform.
CREATE FUNCTION exhibit_cue_platform_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.platform := (SELECT r.platform FROM caption_track t JOIN recording r ON r.id = t.recording_id
                   WHERE t.id = NEW.track_id);
  RETURN NEW;
END
$$;

CREATE TRIGGER caption_cue_platform_written BEFORE INSERT OR UPDATE OF track_id ON caption_cue
  FOR EACH ROW EXECUTE FUNCTION exhibit_cue_platform_written();

-- A recording's platform changed: its cues' written again, as their owner (the application may
-- insert and delete cues, never change one).
CREATE FUNCTION exhibit_recording_platform_changed() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE caption_cue c SET platform = NEW.platform
  FROM caption_track t WHERE t.recording_id = NEW.id AND c.track_id = t.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER recording_platform_changed AFTER UPDATE OF platform ON recording
  FOR EACH ROW WHEN (OLD.platform IS DISTINCT FROM NEW.platform)
  EXECUTE FUNCTION exhibit_recording_platform_changed();

-- The planner's statistics of the blocks and platforms, which its choices between reading a
-- range's cues from the index and walking the newest cues rest on.
ANALYZE caption_cue;
