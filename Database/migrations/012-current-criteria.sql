-- Version 12: each component's current criteria document is kept in `criteria_current` by
-- triggers, the one place the rule lives: of each format's newest revision, the best format
-- (``CriteriaFormat/precedence``) among those with items, else the best format. `show`,
-- `coverage`, links and `criteria list` read it, and a search reads 500 small rows instead of
-- choosing among every revision on each query (2 ms at the benchmark's scale 1).
--
-- A document's arrival, removal or re-keying chooses its component's current document again;
-- so does a document's first item arriving or last item leaving, since a format with items
-- outranks one without.

CREATE TABLE criteria_current (
  family TEXT NOT NULL,
  component TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  PRIMARY KEY (family, component)
) WITHOUT ROWID;

CREATE TRIGGER criteria_current_document_insert AFTER INSERT ON criteria_document
BEGIN
  DELETE FROM criteria_current WHERE family = new.family AND component = new.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = new.family AND d.component = new.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_document_delete AFTER DELETE ON criteria_document
BEGIN
  DELETE FROM criteria_current WHERE family = old.family AND component = old.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = old.family AND d.component = old.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_document_update
AFTER UPDATE OF family, component, format, revision ON criteria_document
BEGIN
  DELETE FROM criteria_current WHERE family = old.family AND component = old.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = old.family AND d.component = old.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
  DELETE FROM criteria_current WHERE family = new.family AND component = new.component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = new.family AND d.component = new.component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_first_item AFTER INSERT ON criteria_item
WHEN NOT EXISTS (SELECT 1 FROM criteria_item WHERE document_id = new.document_id AND id <> new.id)
BEGIN
  DELETE FROM criteria_current WHERE family = (SELECT family FROM criteria_document WHERE id = new.document_id) AND component = (SELECT component FROM criteria_document WHERE id = new.document_id);
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = (SELECT family FROM criteria_document WHERE id = new.document_id) AND d.component = (SELECT component FROM criteria_document WHERE id = new.document_id)
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

CREATE TRIGGER criteria_current_last_item AFTER DELETE ON criteria_item
WHEN NOT EXISTS (SELECT 1 FROM criteria_item WHERE document_id = old.document_id)
BEGIN
  DELETE FROM criteria_current WHERE family = (SELECT family FROM criteria_document WHERE id = old.document_id) AND component = (SELECT component FROM criteria_document WHERE id = old.document_id);
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = (SELECT family FROM criteria_document WHERE id = old.document_id) AND d.component = (SELECT component FROM criteria_document WHERE id = old.document_id)
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id LIMIT 1;
END;

INSERT INTO criteria_current (family, component, document_id)
SELECT family, component, id FROM (
  SELECT d.family, d.component, d.id, row_number() OVER (
    PARTITION BY d.family, d.component ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
    + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END, d.id
  ) AS place
  FROM criteria_document d
  WHERE d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
) WHERE place = 1;
