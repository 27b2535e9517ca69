-- Version 27: a second person's sign-off. An approval is of a verdict (an item's column in an
-- audit: its item, platform and screen reader, covering the live links judged there) or of a
-- decided level (a criterion and component type of an audit's report, covering its decision).
-- Whoever judged the verdict or decided the level cannot approve it. A later change to what it
-- covers (a new link, a retraction, a new level) voids it: `voided_at` and `voided_by` (the
-- change) are the only columns ever updated, each with an approval.void event; approvals are
-- added with approval.add. `verify` replays both.
CREATE TABLE approval (
  id INTEGER PRIMARY KEY,
  audit_id INTEGER NOT NULL REFERENCES audit(id),
  kind TEXT NOT NULL CHECK (kind IN ('verdict', 'level')),
  item_key TEXT,
  platform TEXT,
  assistive_tech TEXT,
  criterion TEXT,
  component_type TEXT,
  covers TEXT NOT NULL,
  approver TEXT NOT NULL CHECK (length(trim(approver)) > 0),
  created_at TEXT NOT NULL,
  voided_at TEXT,
  voided_by TEXT,
  CHECK ((kind = 'verdict' AND item_key IS NOT NULL AND platform IS NOT NULL)
    OR (kind = 'level' AND criterion IS NOT NULL AND component_type IS NOT NULL))
);
CREATE INDEX approval_audit ON approval (audit_id, voided_at);
