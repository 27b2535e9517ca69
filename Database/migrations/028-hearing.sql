-- Version 28: what Exhibit heard in a recording. Listening (`exhibit listen`) finds where speech
-- is (utterances) and spots the phrases of a vocabulary built from the workspace's criteria and
-- what screen readers say; the results are kept per recording with the model and the vocabulary
-- (its SHA-256) they came from, and replaced whole when the recording is heard again. Heard text
-- is Exhibit's guess, never a caption and never a verdict: it is derived, so it is not audited.
CREATE TABLE hearing (
  recording_id INTEGER PRIMARY KEY REFERENCES recording (id) ON DELETE CASCADE,
  model TEXT NOT NULL,
  vocabulary_sha256 TEXT NOT NULL CHECK (length(vocabulary_sha256) = 64),
  phrases INTEGER NOT NULL,
  audio_seconds REAL NOT NULL,
  heard_at TEXT NOT NULL
);

CREATE TABLE heard_phrase (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES hearing (recording_id) ON DELETE CASCADE,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
  text TEXT NOT NULL CHECK (length(text) > 0),
  confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1)
);

CREATE INDEX heard_phrase_by_recording ON heard_phrase (recording_id, start_ms);

CREATE INDEX heard_phrase_by_text ON heard_phrase (text);

CREATE TABLE utterance (
  id INTEGER PRIMARY KEY,
  recording_id INTEGER NOT NULL REFERENCES hearing (recording_id) ON DELETE CASCADE,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms)
);

CREATE INDEX utterance_by_recording ON utterance (recording_id, start_ms);
