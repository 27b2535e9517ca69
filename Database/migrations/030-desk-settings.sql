-- Version 30: each account's desk settings: the keys the recording page answers to and the
-- reaction time taken off a mark set while the recording plays. Kept as JSON (DeskSettings),
-- replaced whole when changed; a preference, not evidence, so not audited.
CREATE TABLE desk_settings (
  account TEXT PRIMARY KEY NOT NULL REFERENCES account (name) ON DELETE CASCADE,
  settings TEXT NOT NULL CHECK (json_valid(settings)),
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
