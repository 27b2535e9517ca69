import Foundation

/// The files of an Exhibit bag that are rendered from its `manifest.json`, rendered again from
/// the bag alone and compared byte for byte: `report.html` (the page people read), `earl.jsonld`,
/// the bag-info fields Exhibit writes, and `manifest.json` itself (in the form Exhibit writes it,
/// so nothing a renderer ignores can hide in it). The report's transcripts come from the bag's own
/// caption files, read as the catalogue reads them. The renderers are deterministic, so a page
/// that says what the manifest does not is found.
enum BundleRendering {
  /// Renders the bag at `root` again from its `manifest.json` and compares.
  /// - Returns: Every file that is not what the manifest renders to, with why.
  static func check(root: String) -> [BagReport.Problem] {
    var problems: [BagReport.Problem] = []
    func problem(_ path: String, _ text: String) { problems.append(.init(path: path, problem: text)) }
    let manifestPath = root + "/" + BundleEvidenceCheck.manifestFile
    guard let data = FileManager.default.contents(atPath: manifestPath) else {
      problem(BundleEvidenceCheck.manifestFile, "missing: nothing to render the report from")
      return problems
    }
    let decoded: BundleContents
    do { decoded = try BundleContents.manifestDecoder.decode(BundleContents.self, from: data) } catch {
      problem(BundleEvidenceCheck.manifestFile, "not the manifest Exhibit writes: \(describe(error))")
      return problems
    }
    // What cannot be rendered again is a problem named with the file, never a check skipped.
    do {
      if try BundleContents.manifestEncoder.encode(decoded) != data {
        problem(
          BundleEvidenceCheck.manifestFile,
          "not in the form Exhibit writes (fields added, removed or reordered by hand)")
      }
    } catch {
      problem(
        BundleEvidenceCheck.manifestFile, "could not be written again in Exhibit's form: \(describe(error))")
    }
    let contents = decoded.with(transcripts: transcripts(decoded, root: root))
      .with(heardCues: heardCues(decoded, root: root))
    compare(root, "data/report.html", Data(ReportPage.render(contents).utf8), problem: problem)
    do {
      compare(root, "data/earl.jsonld", try EARLDocument.render(contents), problem: problem)
    } catch {
      problem("data/earl.jsonld", "could not be rendered again from manifest.json: \(describe(error))")
    }
    do {
      if let files = try contents.conformanceFiles() {
        compare(root, "data/acr.yaml", files.yaml, problem: problem)
        compare(root, "data/acr.html", files.html, problem: problem)
      }
    } catch {
      problem("data/acr.yaml", "could not be rendered again from manifest.json: \(describe(error))")
    }
    compareInfo(root, contents, problem: problem)
    return problems
  }

  /// Each recording's transcript from its first caption file in the bag, as the catalogue stores
  /// a caption's cues; none where the file is missing or cannot be read as WebVTT.
  static func transcripts(_ contents: BundleContents, root: String) -> [String: [BundleContents.Cue]] {
    var found: [String: [BundleContents.Cue]] = [:]
    for recording in contents.recordings {
      guard let caption = recording.captions.first, BagPath.unsafety(of: caption.file) == nil,
        let bytes = FileManager.default.contents(atPath: root + "/data/" + caption.file),
        let vtt = try? WebVTT.parse(Array(bytes), path: caption.file)
      else { continue }
      found[recording.sha256] = vtt.cues.map(StoredCue.init).map {
        BundleContents.Cue(
          startSeconds: Double($0.startMilliseconds) / 1000, endSeconds: Double($0.endMilliseconds) / 1000,
          text: $0.text)
      }
    }
    return found
  }

  /// Each heard recording's phrases from its heard file in the bag, with the confidence its cue
  /// identifiers give; none where the file is missing or cannot be read as WebVTT.
  static func heardCues(_ contents: BundleContents, root: String) -> [String: [BundleContents.Cue]] {
    var found: [String: [BundleContents.Cue]] = [:]
    for recording in contents.recordings {
      guard let heard = recording.heard, BagPath.unsafety(of: heard.file) == nil,
        let bytes = FileManager.default.contents(atPath: root + "/data/" + heard.file),
        let vtt = try? WebVTT.parse(Array(bytes), path: heard.file)
      else { continue }
      found[recording.sha256] = vtt.cues.map {
        BundleContents.Cue(
          startSeconds: Double($0.startMilliseconds) / 1000, endSeconds: Double($0.endMilliseconds) / 1000,
          text: $0.text, confidence: HeardWebVTT.confidence(identifier: $0.identifier))
      }
    }
    return found
  }

  private static func compare(
    _ root: String, _ file: String, _ expected: Data, problem: (String, String) -> Void
  ) {
    guard let found = FileManager.default.contents(atPath: root + "/" + file) else {
      problem(file, "missing: Exhibit writes it into every bag")
      return
    }
    if found != expected {
      problem(file, "not what manifest.json renders to: it was edited, or says what the evidence does not")
    }
  }

  /// bag-info.txt must hold the fields Exhibit renders from the manifest, with the same values;
  /// the software agent may name any Exhibit version.
  private static func compareInfo(
    _ root: String, _ contents: BundleContents, problem: (String, String) -> Void
  ) {
    // A missing bag-info.txt is the BagIt check's to name; one that is there must be read.
    var text = ""
    if FileManager.default.fileExists(atPath: root + "/bag-info.txt") {
      do {
        text = try String(contentsOfFile: root + "/bag-info.txt", encoding: .utf8)
      } catch {
        problem("bag-info.txt", "could not be read as UTF-8 text: \(describe(error))")
        return
      }
    }
    let found = BagVerifier.tagFields(text)
    let expected = EvidenceBundler.bagInfo(contents)
    let agent = found.first { $0.0 == "Bag-Software-Agent" }?.1
    if agent?.hasPrefix("Exhibit ") != true {
      problem(
        "bag-info.txt",
        "Bag-Software-Agent is \(agent.map { "\u{201C}\($0)\u{201D}" } ?? "missing"), "
          + "though the bag carries Exhibit evidence: an Exhibit bag names Exhibit")
    }
    var differing: [String] = []
    for (label, value) in expected where label != "Bag-Software-Agent" {
      let stated = found.filter { $0.0 == label }.map(\.1)
      if stated != [BagWriter.oneLine(value).trimmingCharacters(in: .whitespaces)] { differing.append(label) }
    }
    let known = Set(expected.map(\.0) + ["Payload-Oxum"])
    for (label, _) in found where !known.contains(label) && !differing.contains(label) {
      differing.append(label)
    }
    if !differing.isEmpty {
      problem(
        "bag-info.txt",
        "\(differing.joined(separator: ", ")) \(differing.count == 1 ? "is" : "are") not what manifest.json states"
      )
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      context.codingPath.isEmpty
        ? context.debugDescription
        : "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    default: "\(error)"
    }
  }
}
