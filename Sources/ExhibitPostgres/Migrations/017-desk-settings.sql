-- Each account's desk settings, as SQLite's version 30 keeps them: the keys and the reaction
-- time, as JSON, replaced whole (deleted and added) when changed; not audited.
CREATE TABLE desk_settings (
  account text PRIMARY KEY REFERENCES account (name) ON DELETE CASCADE,
  settings text NOT NULL,
  updated_at text NOT NULL
);

CREATE TRIGGER exhibit_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON desk_settings
  FOR EACH STATEMENT EXECUTE FUNCTION exhibit_catalogue_changed();
