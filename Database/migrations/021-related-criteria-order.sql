-- Version 21: a document's own list of related success criteria keeps its order by a column of
-- its own, as the team's PostgreSQL catalogue keeps it, instead of by the rows' order here (which
-- a copy between the two did not keep). Rows written before are numbered in the order they were
-- written, 1, 2, 3… per document.
ALTER TABLE criteria_related_criterion ADD COLUMN position INTEGER;
UPDATE criteria_related_criterion SET position = (
  SELECT count(*) FROM criteria_related_criterion AS earlier
  WHERE earlier.document_id = criteria_related_criterion.document_id
    AND earlier.rowid <= criteria_related_criterion.rowid);
