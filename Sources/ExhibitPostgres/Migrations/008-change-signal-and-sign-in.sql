-- Several servers on one database. Each keeps what its pages read until the catalogue changes;
-- a change to any table a page reads is signalled on the channel exhibit_catalogue when its
-- transaction commits (PostgreSQL delivers equal notifications of one transaction once), from
-- whichever server or command made it, and every listening server empties its cache then.
-- Sessions and failed sign-ins change on every sign-in and no page shows them: they signal
-- nothing.
CREATE FUNCTION exhibit_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('exhibit_catalogue', '');
  RETURN NULL;
END
$$;

DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'audit_event', 'audit_subject', 'criteria_document', 'criteria_item', 'criteria_related_criterion',
    'gherkin_scenario', 'gherkin_step', 'developer_note', 'announcement_example', 'video_reference',
    'component_alias', 'wcag_override', 'account', 'recording', 'recording_path', 'recording_stream',
    'caption_track', 'caption_cue', 'caption_orphan', 'stored_object', 'product', 'audit',
    'workspace_setting', 'evidence_link', 'suggestion_dismissal', 'acr_decision', 'conformance_setting'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER exhibit_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION exhibit_catalogue_changed()', name);
  END LOOP;
END
$$;

-- Failed sign-ins, counted by account, by address and by the two together, over a window: the
-- sign-in throttle's memory, shared by every server, so a guesser gains nothing by spreading
-- attempts over them. A key is 'account:NAME', 'address:IP' or 'pair:NAME|IP'; last_at is in
-- seconds since 1970.
CREATE TABLE sign_in_failure (
  key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures > 0),
  last_at double precision NOT NULL
);

CREATE INDEX sign_in_failure_by_time ON sign_in_failure (last_at);
