-- Version 7: an identical link is found by an index.

CREATE INDEX evidence_link_by_recording_item ON evidence_link (recording_id, item_id, start_ms);
