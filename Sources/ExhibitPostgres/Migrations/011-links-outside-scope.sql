-- A link to a component outside its audit's scope is made only when the auditor says so
-- (`link --outside-scope`), and the link records it, as SQLite's version 23 does. Links made
-- before keep false. The column is as fixed as the link's others: only a retraction changes a link.
ALTER TABLE evidence_link ADD COLUMN outside_scope integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION exhibit_evidence_link_retracted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.retracted_at IS NOT NULL
    OR (NEW.recording_id, NEW.item_id, NEW.start_ms, NEW.end_ms, NEW.verdict, NEW.auditor, NEW.note,
        NEW.platform_override, NEW.component_override, NEW.created_at, NEW.audit_id, NEW.carried_from,
        NEW.confirmed_from, NEW.environment, NEW.observed_platform, NEW.observed_assistive_tech,
        NEW.outside_scope)
      IS DISTINCT FROM
       (OLD.recording_id, OLD.item_id, OLD.start_ms, OLD.end_ms, OLD.verdict, OLD.auditor, OLD.note,
        OLD.platform_override, OLD.component_override, OLD.created_at, OLD.audit_id, OLD.carried_from,
        OLD.confirmed_from, OLD.environment, OLD.observed_platform, OLD.observed_assistive_tech,
        OLD.outside_scope) THEN
    RAISE EXCEPTION 'an evidence link can only be retracted, once' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM audit WHERE id = OLD.audit_id AND closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'a closed audit is read-only' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.retracted_at IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM audit_event WHERE subject = 'link:' || OLD.id AND action = 'link.retract') THEN
    RAISE EXCEPTION 'a link is retracted only with its audit event: use exhibit unlink' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
