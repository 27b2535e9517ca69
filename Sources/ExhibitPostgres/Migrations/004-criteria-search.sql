-- Searching criteria: a tsvector column per searched text, kept by PostgreSQL itself (generated),
-- with a GIN index each. Words are read as SQLite's FTS5 reads them for Exhibit (unicode61, then
-- Porter's stemming): every run of letters and digits is a word, lowercased, and no word is
-- dropped as a stop word. PostgreSQL's own parser would keep `1.4.10` or `aria-label` whole, so
-- the text is split into words first (exhibit_search_words), and the stemmer is Porter's own
-- (Snowball's `porter`, which FTS5's tokenizer implements too; Snowball's `english` stems
-- otherwise: "focus" and "focused" are one word there, two here), without a stop-word list.

CREATE FUNCTION exhibit_search_words(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN regexp_replace(lower($1), '[^[:alnum:]]+', ' ', 'g');

CREATE TEXT SEARCH DICTIONARY exhibit_stem (TEMPLATE = snowball, Language = porter);

CREATE TEXT SEARCH CONFIGURATION exhibit_search (COPY = simple);

ALTER TEXT SEARCH CONFIGURATION exhibit_search
  ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part,
    hword_numpart
  WITH exhibit_stem;

-- A snippet: the text with its matched words in brackets, cut to a few words around them as
-- SQLite's snippet() cuts it. Punctuation is set apart while it is cut (with a unit separator
-- each side, removed after), so that `checked/unchecked` is two words, not a file path.
CREATE FUNCTION exhibit_headline(body text, query tsquery) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE
RETURN replace(
  ts_headline('exhibit_search',
    regexp_replace(body, '([^[:alnum:][:space:]]+)', E'\x1f\\1\x1f', 'g'), query,
    'StartSel=[, StopSel=], MaxWords=16, MinWords=6, ShortWord=0'),
  E'\x1f', '');

-- An item's label weighs more than its expectation, as in SQLite's ranking.
ALTER TABLE criteria_item ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('exhibit_search'::regconfig, exhibit_search_words(label)), 'A')
  || setweight(to_tsvector('exhibit_search'::regconfig, exhibit_search_words(expectation)), 'B')
) STORED;

ALTER TABLE gherkin_step ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('exhibit_search'::regconfig, exhibit_search_words(text))
) STORED;

ALTER TABLE developer_note ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('exhibit_search'::regconfig, exhibit_search_words(text))
) STORED;

ALTER TABLE announcement_example ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('exhibit_search'::regconfig, exhibit_search_words(text))
) STORED;

CREATE INDEX criteria_item_search ON criteria_item USING gin (search);
CREATE INDEX gherkin_step_search ON gherkin_step USING gin (search);
CREATE INDEX developer_note_search ON developer_note USING gin (search);
CREATE INDEX announcement_example_search ON announcement_example USING gin (search);
