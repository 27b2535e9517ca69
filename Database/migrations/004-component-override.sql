-- Version 4: a link to a recording of another component is an explicit, stored override, as
-- a link to a recording of another platform already is; the field joins the ones a link can
-- never change.

ALTER TABLE evidence_link ADD COLUMN component_override INTEGER NOT NULL DEFAULT 0
  CHECK (component_override IN (0, 1));
DROP TRIGGER evidence_link_retract_only;
CREATE TRIGGER evidence_link_retract_only BEFORE UPDATE ON evidence_link
WHEN old.retracted_at IS NOT NULL
  OR new.recording_id IS NOT old.recording_id OR new.item_id IS NOT old.item_id
  OR new.start_ms IS NOT old.start_ms OR new.end_ms IS NOT old.end_ms
  OR new.verdict IS NOT old.verdict OR new.auditor IS NOT old.auditor
  OR new.note IS NOT old.note OR new.platform_override IS NOT old.platform_override
  OR new.component_override IS NOT old.component_override
  OR new.created_at IS NOT old.created_at
BEGIN
  SELECT RAISE(ABORT, 'an evidence link can only be retracted, once');
END;
