-- Version 23: a link to a component outside its audit's scope is made only when the auditor says
-- so (`link --outside-scope`), and the link records it. Links made before could not be told
-- apart, and keep 0. The column is as fixed as the link's others: only a retraction changes a link.
ALTER TABLE evidence_link ADD COLUMN outside_scope INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER IF EXISTS evidence_link_retract_only;
CREATE TRIGGER evidence_link_retract_only BEFORE UPDATE ON evidence_link
WHEN old.retracted_at IS NOT NULL
  OR new.recording_id IS NOT old.recording_id OR new.item_id IS NOT old.item_id
  OR new.start_ms IS NOT old.start_ms OR new.end_ms IS NOT old.end_ms
  OR new.verdict IS NOT old.verdict OR new.auditor IS NOT old.auditor
  OR new.note IS NOT old.note OR new.platform_override IS NOT old.platform_override
  OR new.component_override IS NOT old.component_override
  OR new.created_at IS NOT old.created_at
  OR new.audit_id IS NOT old.audit_id OR new.carried_from IS NOT old.carried_from
  OR new.confirmed_from IS NOT old.confirmed_from OR new.environment IS NOT old.environment
  OR new.observed_platform IS NOT old.observed_platform
  OR new.observed_assistive_tech IS NOT old.observed_assistive_tech
  OR new.outside_scope IS NOT old.outside_scope
BEGIN
  SELECT RAISE(ABORT, 'an evidence link can only be retracted, once');
END;
