-- Version 6: setting a link's `retracted_at` needs the `link.retract` event that records it,
-- written first in the same transaction, so a verdict cannot be silently withdrawn.

CREATE TRIGGER evidence_link_retracted_with_audit BEFORE UPDATE OF retracted_at ON evidence_link
WHEN new.retracted_at IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM audit_event WHERE subject = 'link:' || old.id AND action = 'link.retract')
BEGIN
  SELECT RAISE(ABORT, 'a link is retracted only with its audit event: use exhibit unlink');
END;
