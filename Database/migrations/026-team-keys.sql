-- Version 26: a team's signing keys. Each auditor keeps a private key in their own folder; the
-- catalogue keeps the team's public keys (Ed25519, the 32 raw bytes in base64), each added and
-- revoked with an audit event (key.add, key.revoke) that `verify` replays. A bag signed by a key
-- registered, and not revoked, when it was made verifies on every teammate's machine. A name is
-- never reused, nor a key registered twice.
CREATE TABLE team_key (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
  public_key TEXT NOT NULL UNIQUE,
  fingerprint TEXT NOT NULL,
  added_at TEXT NOT NULL,
  added_by TEXT NOT NULL,
  revoked_at TEXT,
  revoked_by TEXT
);
