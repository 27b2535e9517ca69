-- Version 19: conformance reports. A workspace's own rows of the WCAG mapping (`exhibit wcag
-- map`), the levels auditors decide for an audit's conformance report (`exhibit acr set`), and
-- the workspace's report settings (`exhibit acr author`: who signs its reports).
-- Each row is written with its audit event (`wcag.map`, `acr.set`) and never changed or deleted:
-- a later row for the same item and criterion, or the same audit, criterion and component type,
-- replaces an earlier one. A closed audit's report is final.
CREATE TABLE wcag_override (
  id INTEGER PRIMARY KEY,
  item_key TEXT NOT NULL,
  criterion TEXT NOT NULL,
  relation TEXT NOT NULL CHECK (relation IN ('necessary', 'related', 'none')),
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  actor TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX wcag_override_item ON wcag_override (item_key, criterion);

CREATE TABLE acr_decision (
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  criterion TEXT NOT NULL,
  component_type TEXT NOT NULL CHECK (component_type IN ('web', 'software')),
  level TEXT NOT NULL
    CHECK (level IN ('supports', 'partially-supports', 'does-not-support', 'not-applicable', 'not-evaluated')),
  remarks TEXT NOT NULL,
  actor TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX acr_decision_audit ON acr_decision (audit_id, criterion, component_type);

-- The success criteria a criteria document's own "Further Reading" or "Related WCAG" list names
-- (`exhibit wcag check` compares them with the mapping).
CREATE TABLE criteria_related_criterion (
  document_id INTEGER NOT NULL REFERENCES criteria_document (id),
  criterion TEXT NOT NULL,
  PRIMARY KEY (document_id, criterion)
);

CREATE TABLE conformance_setting (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  actor TEXT NOT NULL,
  set_at TEXT NOT NULL
);

CREATE TRIGGER wcag_override_append_only_update BEFORE UPDATE ON wcag_override
BEGIN
  SELECT RAISE(ABORT, 'wcag_override is append-only: map the item again instead');
END;
CREATE TRIGGER wcag_override_append_only_delete BEFORE DELETE ON wcag_override
BEGIN
  SELECT RAISE(ABORT, 'wcag_override is append-only: map the item again instead');
END;
CREATE TRIGGER acr_decision_append_only_update BEFORE UPDATE ON acr_decision
BEGIN
  SELECT RAISE(ABORT, 'acr_decision is append-only: set the level again instead');
END;
CREATE TRIGGER acr_decision_append_only_delete BEFORE DELETE ON acr_decision
BEGIN
  SELECT RAISE(ABORT, 'acr_decision is append-only: set the level again instead');
END;
CREATE TRIGGER acr_decision_open_audit BEFORE INSERT ON acr_decision
WHEN (SELECT closed_at FROM audit WHERE id = new.audit_id) IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'the audit is closed: its conformance report is final');
END;
