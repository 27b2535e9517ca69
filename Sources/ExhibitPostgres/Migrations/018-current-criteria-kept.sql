-- Each component's current criteria document kept in a table, as SQLite's version 12 keeps it,
-- instead of the view that chose it on every read: a search read it on every query (500
-- documents, two index probes each, 3 to 8 ms at the search benchmark's scale 1), and so did
-- `show`, `coverage` and every link. The rule is the view's: of each format's newest revision,
-- markdown before Jekyll before rendered text, a document with items before one without, then
-- the oldest.
--
-- Kept by statement triggers that choose a component's document again from scratch whenever
-- one of its documents arrives, changes or goes, and whenever a document gains or loses items,
-- so the table is right after every statement whatever order rows come in. Writers take the
-- audit chain's lock first, one at a time, so two never choose at once. The application's role
-- may only read the table: the triggers' functions write it as their owner (SECURITY DEFINER),
-- and only they may call the function that chooses.
DROP VIEW criteria_current;

CREATE TABLE criteria_current (
  family text NOT NULL,
  component text NOT NULL,
  document_id bigint NOT NULL REFERENCES criteria_document (id) DEFERRABLE INITIALLY DEFERRED,
  PRIMARY KEY (family, component)
);

CREATE INDEX criteria_current_by_document ON criteria_current (document_id);

CREATE FUNCTION exhibit_choose_current_criteria(chosen_family text, chosen_component text)
RETURNS void LANGUAGE sql AS $$
  DELETE FROM criteria_current WHERE family = chosen_family AND component = chosen_component;
  INSERT INTO criteria_current (family, component, document_id)
  SELECT d.family, d.component, d.id FROM criteria_document d
  WHERE d.family = chosen_family AND d.component = chosen_component
    AND d.revision = (SELECT max(x.revision) FROM criteria_document x
                      WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
  ORDER BY CASE d.format WHEN 'magenta-markdown' THEN 0 WHEN 'jekyll-front-matter' THEN 1 WHEN 'rendered-text' THEN 2 ELSE 9 END
      + CASE WHEN EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id) THEN 0 ELSE 10 END,
    d.id
  LIMIT 1;
$$;

REVOKE ALL ON FUNCTION exhibit_choose_current_criteria(text, text) FROM PUBLIC;

-- Documents added or removed: their components, from the statement's transition table.
CREATE FUNCTION exhibit_current_criteria_documents_added() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM exhibit_choose_current_criteria(c.family, c.component)
  FROM (SELECT DISTINCT family, component FROM added_documents) c;
  RETURN NULL;
END
$$;

CREATE FUNCTION exhibit_current_criteria_documents_removed() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM exhibit_choose_current_criteria(c.family, c.component)
  FROM (SELECT DISTINCT family, component FROM removed_documents) c;
  RETURN NULL;
END
$$;

-- A document re-keyed, renumbered or reformatted: its old component and its new one.
CREATE FUNCTION exhibit_current_criteria_documents_changed() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM exhibit_choose_current_criteria(c.family, c.component)
  FROM (SELECT family, component FROM removed_documents
        UNION SELECT family, component FROM added_documents) c;
  RETURN NULL;
END
$$;

-- Items added or removed: only a document's first item or its last can change which is
-- current, so only then is its component chosen again (an import adds its items one statement
-- each).
CREATE FUNCTION exhibit_current_criteria_items_added() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM exhibit_choose_current_criteria(c.family, c.component)
  FROM (SELECT DISTINCT d.family, d.component FROM criteria_document d
        WHERE d.id IN (SELECT document_id FROM added_items)
          AND NOT EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id
                            AND i.id NOT IN (SELECT id FROM added_items))) c;
  RETURN NULL;
END
$$;

CREATE FUNCTION exhibit_current_criteria_items_removed() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM exhibit_choose_current_criteria(c.family, c.component)
  FROM (SELECT DISTINCT d.family, d.component FROM criteria_document d
        WHERE d.id IN (SELECT document_id FROM removed_items)
          AND NOT EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id)) c;
  RETURN NULL;
END
$$;

CREATE TRIGGER criteria_current_documents_added AFTER INSERT ON criteria_document
  REFERENCING NEW TABLE AS added_documents
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_current_criteria_documents_added();
CREATE TRIGGER criteria_current_documents_removed AFTER DELETE ON criteria_document
  REFERENCING OLD TABLE AS removed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_current_criteria_documents_removed();
CREATE TRIGGER criteria_current_documents_changed AFTER UPDATE ON criteria_document
  REFERENCING OLD TABLE AS removed_documents NEW TABLE AS added_documents
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_current_criteria_documents_changed();
CREATE TRIGGER criteria_current_items_added AFTER INSERT ON criteria_item
  REFERENCING NEW TABLE AS added_items
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_current_criteria_items_added();
CREATE TRIGGER criteria_current_items_removed AFTER DELETE ON criteria_item
  REFERENCING OLD TABLE AS removed_items
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_current_criteria_items_removed();

-- What is there already, chosen once, by the same rule.
SELECT exhibit_choose_current_criteria(c.family, c.component)
FROM (SELECT DISTINCT family, component FROM criteria_document) c;

-- A platform's items are asked for as `',' || platforms || ','  LIKE '%,ios,%'` (the rule both
-- engines share), which PostgreSQL guessed at one row in ten thousand: with a common word it
-- then read every item once per Gherkin scenario (400 ms for "checked" on Android at the
-- benchmark's scale, 6 ms with these statistics). The expression's own statistics let it count.
CREATE STATISTICS criteria_item_platform_list ON ((',' || platforms || ',')) FROM criteria_item;
ANALYZE criteria_item;
