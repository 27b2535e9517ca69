-- Version 24: failed sign-ins counted in the database, as on PostgreSQL, by account, by address
-- and by the two together, over a window: the sign-in throttle's memory outlives a restart of
-- `exhibit serve`, and servers started on the same file count one guesser once. A key is
-- 'account:NAME', 'address:IP' or 'pair:NAME|IP'; last_at is in seconds since 1970.
CREATE TABLE sign_in_failure (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL CHECK (failures > 0),
  last_at REAL NOT NULL
);

CREATE INDEX sign_in_failure_by_time ON sign_in_failure (last_at);
