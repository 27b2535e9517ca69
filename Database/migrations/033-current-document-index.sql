-- Version 33: the current criteria documents by id. A search of every component's criteria keeps
-- the rows of current documents with `document_id IN (SELECT document_id FROM criteria_current)`,
-- which SQLite answers from this index, one lookup a matching row, where a list of every current
-- document's id was read, written into each statement and made into a temporary index on every
-- search (5,000 ids at scale 10: about 0.6 ms a statement, four statements a search).
CREATE INDEX criteria_current_document ON criteria_current (document_id);
