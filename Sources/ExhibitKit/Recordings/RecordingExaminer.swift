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
  /// What the evidence store was given of it before it is catalogued.
  var stored: [StoredObjectLedger.Object] = []
}

/// Probes, hashes and reads the captions of one recording. Pure work on files, run in parallel;
/// it never touches the database.
struct RecordingExaminer: Sendable {
  var probe = MediaProbe()
  var hasher = FileHasher()
  /// The most probe helpers this examination's probes may keep busy at once (nil: the box's own).
  var probeHelpers: Int?
  /// Caption files larger than this are refused.
  static let maximumCaptionBytes = 32 << 20

  /// Reads what the request asks for.
  /// - Parameters:
  ///   - request: The recording and the captions to read.
  ///   - media: The recording's reading when it was already made in steps
  ///     (``hashMedia(_:)`` then ``probeMedia(_:digest:)``); read here when nil.
  /// - Returns: The recording's reading and its captions, with any problem in them.
  /// - Throws: ``MediaLibraryError`` when libavformat is needed and cannot be loaded: the whole
  ///   run stops then, since no recording could be probed. Every other problem is in the result.
  func examine(_ request: ExaminationRequest, media: MediaReading? = nil) throws(MediaLibraryError)
    -> Examination
  {
    var examination = Examination(request: request, media: media, captions: [], captionProblems: [])
    if request.readsMedia, media == nil { examination.media = try readMedia(request.video.path) }
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

  /// Hashes then probes, refusing a file whose status moved in between: the stored metadata
  /// and hash must describe the same bytes.
  /// - Throws: ``MediaLibraryError`` only.
  func readMedia(_ path: String) throws(MediaLibraryError) -> MediaReading {
    switch hashMedia(path) {
    case .finished(let reading): return reading
    case .hashed(let digest): return try probeMedia(path, digest: digest)
    }
  }

  /// The first step of reading a recording: its hash, which needs no library, so a catalogue
  /// hashes while libavformat is still being opened (``LibAV/loadInBackground()``).
  func hashMedia(_ path: String) -> HashStep {
    guard let before = FileStatus.of(path) else {
      return .finished(.notAFile(reason: String(cString: strerror(errno))))
    }
    guard before.isRegularFile else {
      // The probe's refusal names what the path is instead (a folder, a FIFO, a link).
      do {
        try MediaProbe.requireRegularFile(path)
      } catch let refusal as ProbeError {
        return .finished(.notAFile(reason: refusal.reason))
      } catch {}
      return .finished(.notAFile(reason: "not a regular file"))
    }
    do {
      return .hashed(try hasher.hash(path, expecting: before))
    } catch {
      return .finished(.failed(reason: (error as? HashError)?.reason ?? "\(error)", digest: nil))
    }
  }

  /// The second step: probes the hashed file, and refuses it if its status moved since the hash.
  /// - Throws: ``MediaLibraryError`` only.
  func probeMedia(_ path: String, digest: FileDigest) throws(MediaLibraryError) -> MediaReading {
    let info: MediaInfo
    do {
      if ImageProbe.extensions.contains((path as NSString).pathExtension.lowercased()) {
        // A screenshot is read here, bounded, with no library: there is nothing to stop. A
        // refused one claims no bytes: the same bytes under a video's name are a recording.
        do {
          info = try ImageProbe().probe(path)
        } catch {
          return .failed(reason: (error as? ProbeError)?.reason ?? "\(error)", digest: nil)
        }
      } else {
        // In a helper a deadline can stop, when the binary is one; else in this process.
        info = try ProbeBox.shared.map { try $0.probe(path, helpers: probeHelpers) } ?? probe.probe(path)
      }
    } catch let error as MediaLibraryError {
      throw error
    } catch {
      return .failed(reason: (error as? ProbeError)?.reason ?? "\(error)", digest: digest)
    }
    guard let after = FileStatus.of(path), after.isSameVersion(as: digest.status) else {
      return .failed(reason: FileHasher.changedWhileReading(path).reason, digest: nil)
    }
    return .read(digest, info)
  }

  /// What hashing a recording gave: a final reading (it could not be hashed), or the hash to
  /// probe next.
  enum HashStep: Sendable {
    case finished(MediaReading)
    case hashed(FileDigest)
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
