-- Version 25: findings. A fail starts a finding (one per item, platform and screen reader, until an
-- auditor merges it into another), numbered F-<id> across every round of its product. Its columns
-- (item, platform, screen reader; '' where the item is judged per platform) are the product's,
-- each in one finding at most, so a retest's fail in the same column finds the same finding. The
-- status follows the rounds (a later round's pass verifies it, a fail reopens or regresses it) and
-- the auditors and the tracker (filed, fixed, accepted); status_round is the latest round whose
-- verdicts moved it. Every change is an audit event (finding.*), which `verify` replays.
CREATE TABLE finding (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES product (id),
  audit_id INTEGER NOT NULL REFERENCES audit (id),
  title TEXT NOT NULL CHECK (length(trim(title)) > 0),
  severity TEXT NOT NULL CHECK (severity IN ('critical', 'serious', 'moderate', 'minor')),
  status TEXT NOT NULL
    CHECK (status IN ('open', 'filed', 'fixed', 'verified', 'regressed', 'accepted', 'withdrawn', 'merged')),
  status_round INTEGER NOT NULL REFERENCES audit (id),
  status_by TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  merged_into INTEGER,
  tracker_kind TEXT,
  tracker_key TEXT,
  tracker_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX finding_by_audit ON finding (audit_id);

CREATE TABLE finding_column (
  id INTEGER PRIMARY KEY,
  finding_id INTEGER NOT NULL REFERENCES finding (id),
  product_id INTEGER NOT NULL REFERENCES product (id),
  item_key TEXT NOT NULL,
  platform TEXT NOT NULL,
  assistive_tech TEXT NOT NULL DEFAULT '',
  UNIQUE (product_id, item_key, platform, assistive_tech)
);

CREATE INDEX finding_column_by_finding ON finding_column (finding_id);
