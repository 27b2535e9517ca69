-- Version 20: evidence in shared storage. Which recordings and caption files the workspace's
-- object store (`--media` or EXHIBIT_MEDIA, `s3://bucket/prefix`) holds, by content. A row is
-- written only once the store holds the bytes and they hashed to `sha256` on the way there, and it
-- is never changed: the store keeps objects by hash and never overwrites one.
CREATE TABLE stored_object (
  location TEXT NOT NULL,
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  kind TEXT NOT NULL CHECK (kind IN ('recording', 'caption')),
  size INTEGER NOT NULL,
  stored_at TEXT NOT NULL,
  PRIMARY KEY (location, sha256)
) WITHOUT ROWID;
