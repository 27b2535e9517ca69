import ExhibitStorage
import Foundation

/// A path the catalogue has seen, as stored.
struct StoredRecordingPath: Sendable {
  var id: Int64
  var recordingID: Int64
  var size: Int64
  var modifiedNanoseconds: Int64
  var inode: UInt64
  var device: UInt64
  var missing: Bool
  var status: RecordingStatus
  var error: String?

  /// The select over `p` (recording_path) and `r` (its recording) that ``init(_:)`` reads.
  static let select = """
    SELECT p.id, p.recording_id, p.path, p.size, p.mtime_ns, p.inode, p.device, p.missing_since, r.status, r.error
    FROM recording_path p JOIN recording r ON r.id = p.recording_id
    """

  /// Reads a row of ``select``.
  /// - Throws: ``RowDecodingError`` naming the column.
  init(_ row: Row) throws {
    id = try row.decode("id")
    recordingID = try row.decode("recording_id")
    size = try row.decode("size")
    modifiedNanoseconds = try row.decode("mtime_ns")
    inode = UInt64(bitPattern: try row.decode("inode"))
    device = UInt64(bitPattern: try row.decode("device"))
    missing = (try row.decode("missing_since") as String?) != nil
    status = try row.decode("status")
    error = try row.decode("error")
  }

  /// Whether the file on disk is the one stored, as far as `stat` tells (same size,
  /// modification time, inode and device); such a file is not read again.
  func matches(_ file: FileStatus) -> Bool {
    !missing && file.isRegularFile && size == file.size && modifiedNanoseconds == file.modifiedNanoseconds
      && inode == file.inode && device == file.device
  }
}
