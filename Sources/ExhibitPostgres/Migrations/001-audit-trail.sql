-- The audit trail on PostgreSQL: one hash chain, append-only in the database itself.
--
-- The same columns as SQLite's `audit_event` and `audit_subject`, with what SQLite cannot say:
-- - every event must follow the head of the chain (the next id, the head's hash as its
--   previous_hash, and a hash that is its content's), checked by a trigger as it is inserted;
-- - no two events may chain from one predecessor (a unique previous_hash): the chain cannot fork;
-- - UPDATE, DELETE and TRUNCATE are refused by triggers, whoever asks, and the application's role
--   is granted SELECT and INSERT only (see PostgresSchema.appendOnlyTables).

CREATE TABLE audit_event (
  id bigint PRIMARY KEY CHECK (id > 0),
  at text NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  subject text NOT NULL,
  before text,
  after text,
  previous_hash text NOT NULL UNIQUE CHECK (length(previous_hash) = 64),
  hash text NOT NULL UNIQUE CHECK (length(hash) = 64)
);

CREATE INDEX audit_event_by_subject ON audit_event (subject);

CREATE TABLE audit_subject (
  subject text NOT NULL,
  event_id bigint NOT NULL REFERENCES audit_event (id),
  PRIMARY KEY (subject, event_id)
);

CREATE INDEX audit_subject_by_event ON audit_subject (event_id);

-- One field of the hashed text: its length in bytes, a colon, its bytes; -1: for a null.
CREATE FUNCTION audit_hash_field(field text) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN field IS NULL THEN convert_to('-1:', 'UTF8')
    ELSE convert_to(octet_length(field)::text || ':', 'UTF8') || convert_to(field, 'UTF8') END
$$;

-- AuditEvent.chainHash, computed by the database.
CREATE FUNCTION audit_chain_hash(event audit_event) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(
    audit_hash_field(event.previous_hash) || audit_hash_field(event.id::text) || audit_hash_field(event.at)
    || audit_hash_field(event.actor) || audit_hash_field(event.action) || audit_hash_field(event.subject)
    || audit_hash_field(event.before) || audit_hash_field(event.after)), 'hex')
$$;

CREATE FUNCTION audit_event_follows_head() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head audit_event%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_event ORDER BY id DESC LIMIT 1;
  IF NOT FOUND THEN
    IF NEW.id <> 1 OR NEW.previous_hash <> repeat('0', 64) THEN
      RAISE EXCEPTION 'audit_event %: the first event must be 1 and chain from the genesis hash', NEW.id
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
  ELSIF NEW.id <> head.id + 1 OR NEW.previous_hash <> head.hash THEN
    RAISE EXCEPTION 'audit_event %: does not follow the head of the chain (event %)', NEW.id, head.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.hash <> audit_chain_hash(NEW) THEN
    RAISE EXCEPTION 'audit_event %: its hash is not its content''s', NEW.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER audit_event_follows_head BEFORE INSERT ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_follows_head();

CREATE FUNCTION refuse_change_to_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only();
CREATE TRIGGER audit_subject_no_change BEFORE UPDATE OR DELETE ON audit_subject
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only();
CREATE TRIGGER audit_subject_no_truncate BEFORE TRUNCATE ON audit_subject
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only();
