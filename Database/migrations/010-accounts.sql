-- Version 10: accounts for `exhibit serve` on an address other than loopback, their sign-in
-- sessions, and the key that signs the web pages' CSRF tokens.
--
-- Passwords are kept only as bcrypt hashes and sessions only as SHA-256 of their token, so a
-- copy of the database signs nobody in.

CREATE TABLE account (
  name TEXT PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  role TEXT NOT NULL CHECK (role IN ('reviewer', 'auditor')),
  password_hash TEXT NOT NULL CHECK (password_hash LIKE '$2%'),
  created_at TEXT NOT NULL
);

CREATE TABLE web_session (
  token_sha256 TEXT PRIMARY KEY NOT NULL,
  account TEXT NOT NULL REFERENCES account (name) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX web_session_by_account ON web_session (account);

CREATE TABLE web_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret TEXT NOT NULL CHECK (length(secret) = 64)
);
