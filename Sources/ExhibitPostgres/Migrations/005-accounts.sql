-- The web workspace's accounts, sign-in sessions (by the SHA-256 of their tokens) and the key CSRF
-- tokens are signed with, as SQLite keeps them. In the database, they are the same on every server
-- that shares it.
CREATE TABLE account (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  role text NOT NULL CHECK (role IN ('reviewer', 'auditor')),
  password_hash text NOT NULL CHECK (password_hash LIKE '$2%'),
  created_at text NOT NULL
);

CREATE TABLE web_session (
  token_sha256 text PRIMARY KEY,
  account text NOT NULL REFERENCES account (name) ON DELETE CASCADE,
  created_at text NOT NULL,
  expires_at text NOT NULL
);

CREATE INDEX web_session_by_account ON web_session (account);

CREATE TABLE web_secret (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL CHECK (length(secret) = 64)
);
