import ExhibitStorage

/// A statement on its current row is read by position as any engine's row is.
extension Statement: RowCursor {}
