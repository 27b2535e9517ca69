-- A document's own list of related success criteria keeps its order by a column of its own, as
-- SQLite's version 21 keeps it, so `wcag check` lists them as the document does on both backends
-- and a copy between the two keeps the order. The rows written before were only ever inserted,
-- each document's in one statement in the list's order, so their physical order is that order.
ALTER TABLE criteria_related_criterion ADD COLUMN position integer;

UPDATE criteria_related_criterion AS r SET position = numbered.position
FROM (
  SELECT document_id, criterion, row_number() OVER (PARTITION BY document_id ORDER BY ctid) AS position
  FROM criteria_related_criterion
) AS numbered
WHERE numbered.document_id = r.document_id AND numbered.criterion = r.criterion;
