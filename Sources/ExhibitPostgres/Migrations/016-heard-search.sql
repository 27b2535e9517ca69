-- What Exhibit heard is searched like captions (SQLite's version 29): a tsvector column kept by
-- PostgreSQL itself, with a GIN index, as caption cues have.
ALTER TABLE heard_phrase ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('exhibit_search'::regconfig, exhibit_search_words(text))
) STORED;

CREATE INDEX heard_phrase_search ON heard_phrase USING gin (search);
