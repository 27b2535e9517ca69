// ExhibitKit's public models are made of the bottom layer's vocabulary (ComponentID, ItemKey,
// Verdict, Platform, RecordingRef…), so a client of ExhibitKit gets it with one import.
@_exported import ExhibitModel
