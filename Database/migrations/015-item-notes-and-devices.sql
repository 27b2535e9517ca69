-- Version 15: a criteria item keeps its side sentences as notes ("Known issue: …", "N/A only
-- for …"), which scope nothing; a recording has a device, and any of its attributed fields may
-- be set by hand (its source is then `hand`, which no later catalogue or import overwrites);
-- caption files found without a recording are remembered, so each is warned about once.

ALTER TABLE criteria_item ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE recording ADD COLUMN device TEXT;
ALTER TABLE recording ADD COLUMN device_source TEXT;
CREATE TABLE caption_orphan (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  modified TEXT NOT NULL,
  noted_at TEXT NOT NULL
) WITHOUT ROWID;
