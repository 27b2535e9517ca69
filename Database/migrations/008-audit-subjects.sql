-- Version 8: the subjects each audit event touches, indexed, so history is a lookup.

CREATE TABLE audit_subject (
  subject TEXT NOT NULL,
  event_id INTEGER NOT NULL REFERENCES audit_event (id),
  PRIMARY KEY (subject, event_id)
) WITHOUT ROWID;

CREATE TRIGGER audit_subject_no_update BEFORE UPDATE ON audit_subject
BEGIN
  SELECT RAISE(ABORT, 'audit_subject is append-only');
END;

CREATE TRIGGER audit_subject_no_delete BEFORE DELETE ON audit_subject
BEGIN
  SELECT RAISE(ABORT, 'audit_subject is append-only');
END;
