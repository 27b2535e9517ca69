import Crypto
import Foundation

/// What to read of one recording in a catalogue run.
struct ExaminationRequest: Sendable {
  var video: CatalogueScope.Video
  /// Whether the recording itself must be probed and hashed (false when only captions changed).
  var readsMedia: Bool
  /// The sidecars to parse.
  var captions: [CatalogueScope.Caption]
}

/// What reading a recording's bytes gave.
enum MediaReading: Sendable {
  /// Probed and hashed, both over one version of the file.
  case read(FileDigest, MediaInfo)
  /// A file that is not a recording we can read; its hash when the bytes could be hashed.
  case failed(reason: String, digest: FileDigest?)
  /// Not a regular file (a folder, FIFO, link or a path that vanished): nothing to store.
  case notAFile(reason: String)
}

/// A parsed caption sidecar.
struct CaptionReading: Sendable {
  var caption: CatalogueScope.Caption
  var status: FileStatus
  var sha256: String
  var result: Result<WebVTT, WebVTT.ParseError>
}

/// What one recording's examination gave.
struct Examination: Sendable {
  var request: ExaminationRequest
  /// Nil when the media was not read (unchanged).
  var media: MediaReading?
  var captions: [CaptionReading]
  /// Captions that could not be read at all.
  var captionProblems: [CatalogueProblem]
}

/// Probes, hashes and reads the captions of one recording. Pure work on files, run in parallel;
/// it never touches the database.
struct RecordingExaminer: Sendable {
  var probe = MediaProbe()
  var hasher = FileHasher()
  /// Caption files larger than this are refused.
  static let maximumCaptionBytes = 32 << 20

  func examine(_ request: ExaminationRequest) -> Examination {
    var examination = Examination(request: request, media: nil, captions: [], captionProblems: [])
    if request.readsMedia { examination.media = readMedia(request.video.path) }
    for caption in request.captions {
      do {
        examination.captions.append(try readCaption(caption))
      } catch let problem as CatalogueProblem {
        examination.captionProblems.append(problem)
      } catch {
        examination.captionProblems.append(CatalogueProblem(path: caption.path, message: "\(error)"))
      }
    }
    return examination
  }

  /// Probes then hashes, refusing a file whose status moved in between: the stored metadata
  /// and hash must describe the same bytes.
  func readMedia(_ path: String) -> MediaReading {
    guard let before = FileStatus.of(path) else {
      return .notAFile(reason: String(cString: strerror(errno)))
    }
    let info: MediaInfo
    do {
      info = try probe.probe(path)
    } catch {
      let reason = (error as? ProbeError)?.reason ?? "\(error)"
      guard before.isRegularFile else { return .notAFile(reason: reason) }
      do {
        return .failed(reason: reason, digest: try hasher.hash(path, expecting: before))
      } catch {
        return .failed(reason: (error as? HashError)?.reason ?? reason, digest: nil)
      }
    }
    do {
      return .read(try hasher.hash(path, expecting: before), info)
    } catch {
      return .failed(reason: (error as? HashError)?.reason ?? "\(error)", digest: nil)
    }
  }

  func readCaption(_ caption: CatalogueScope.Caption) throws -> CaptionReading {
    guard let status = FileStatus.of(caption.path) else {
      throw CatalogueProblem(path: caption.path, message: String(cString: strerror(errno)))
    }
    let bytes: [UInt8]
    do {
      bytes = try CriteriaFiles.readRegularFile(caption.path, limit: Self.maximumCaptionBytes + 1)
    } catch let error as CriteriaParseError {
      throw CatalogueProblem(path: caption.path, message: error.reason)
    }
    guard bytes.count <= Self.maximumCaptionBytes else {
      throw CatalogueProblem(path: caption.path, message: "larger than \(Self.maximumCaptionBytes >> 20) MiB")
    }
    let result: Result<WebVTT, WebVTT.ParseError>
    do {
      result = .success(try WebVTT.parse(bytes, path: caption.path))
    } catch let error as WebVTT.ParseError {
      result = .failure(error)
    } catch {
      result = .failure(WebVTT.ParseError(path: caption.path, line: 0, reason: "\(error)"))
    }
    return CaptionReading(
      caption: caption, status: status, sha256: SHA256.hash(data: bytes).hexString, result: result)
  }
}

extension CatalogueProblem: Error {}
