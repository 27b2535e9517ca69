-- Version 3: the other names a component goes by. Components imported under their prose's
-- name are re-keyed to MagentaA11y's own by ``ComponentRekeying`` in the same step.

-- Another name a user may type for a component: its prose's slug, its file name, its
-- MagentaA11y category path (controls/segmented-control), or a name it had before it was
-- renamed ('renamed'). Every command that takes a component or an item key resolves these.
CREATE TABLE component_alias (
  family TEXT NOT NULL CHECK (family IN ('native', 'web')),
  alias TEXT NOT NULL CHECK (alias <> ''),
  component TEXT NOT NULL CHECK (component <> ''),
  source TEXT NOT NULL CHECK (source IN ('document', 'renamed')),
  PRIMARY KEY (family, alias, component)
) WITHOUT ROWID;
CREATE INDEX component_alias_by_component ON component_alias (family, component);
CREATE INDEX component_alias_by_alias ON component_alias (alias);
