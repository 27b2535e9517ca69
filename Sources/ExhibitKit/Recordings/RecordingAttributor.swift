/// A recording a criteria document's Videos section names, with what its heading says.
public struct CriteriaVideoReference: Sendable, Equatable {
  public var family: Family
  /// The document's component slug, e.g. `radio-button`.
  public var component: String
  /// The video's path as the document writes it, e.g. `media/video/web/radio/radio_WindowsJawsChrome.webm`.
  public var sourcePath: String
  public var platform: Platform?
  public var assistiveTech: AssistiveTech?
  public var browser: Browser?

  public init(
    family: Family, component: String, sourcePath: String, platform: Platform? = nil,
    assistiveTech: AssistiveTech? = nil, browser: Browser? = nil
  ) {
    self.family = family
    self.component = component
    self.sourcePath = sourcePath
    self.platform = platform
    self.assistiveTech = assistiveTech
    self.browser = browser
  }
}

/// Decides which component, platform, screen reader, browser and OS version a recording is of.
///
/// Evidence is weighed in a fixed order, each value taken from the first source that gives it:
/// 1. the imported criteria documents' Videos sections, matched on the path's trailing folders;
/// 2. the container's tags (Android's version tag, Apple's ReplayKit author, a window title);
/// 3. the folders above the file, read through the documents' references where a folder name
///    differs from the component (`web/radio/` holds the `radio-button` videos);
/// 4. the file name, in any of the usual conventions (see ``RecordingFileName``);
/// 5. what the others imply (TalkBack runs on Android; a desktop browser means the web family).
public struct RecordingAttributor: Sendable {
  private let references: [CriteriaVideoReference]
  /// Reference indexes by lowercased file name.
  private let referencesByName: [String: [Int]]
  /// Folder name (lowercased) to the component whose documents reference videos in it.
  private let folderComponents: [Family: [String: String]]
  private let knownComponents: [Family: Set<String>]

  /// - Parameters:
  ///   - references: Every video reference of the imported criteria documents.
  ///   - components: The imported components, e.g. `(.native, "checkbox")`.
  public init(references: [CriteriaVideoReference], knownComponents components: [(Family, String)]) {
    self.references = references
    var byName: [String: [Int]] = [:]
    var folders: [Family: [String: Set<String>]] = [:]
    for (index, reference) in references.enumerated() {
      let parts = Self.components(reference.sourcePath)
      guard let name = parts.last else { continue }
      byName[name, default: []].append(index)
      if parts.count >= 2 {
        folders[reference.family, default: [:]][parts[parts.count - 2], default: []].insert(
          reference.component)
      }
    }
    referencesByName = byName
    folderComponents = folders.mapValues { $0.compactMapValues { $0.count == 1 ? $0.first : nil } }
    knownComponents = Dictionary(grouping: components, by: \.0).mapValues { Set($0.map(\.1)) }
  }

  /// Attributes the recording at `path` with container `tags`.
  public func attribute(path: String, tags: [String: String]) -> RecordingAttribution {
    var result = fromCriteria(path: path)
    result.fill(from: Self.fromTags(tags))
    result.fill(from: fromFolders(path: path))
    let family = result.family.flatMap { Family(rawValue: $0.value) }
    result.fill(from: fromName(path: path, family: family))
    result.fill(from: implied(result))
    return result
  }

  // MARK: - Criteria references

  private func fromCriteria(path: String) -> RecordingAttribution {
    let parts = Self.components(path)
    guard let name = parts.last, let candidates = referencesByName[name] else {
      return RecordingAttribution()
    }
    var best: [(index: Int, score: Int)] = []
    for index in candidates {
      let score = Self.trailingMatch(parts, Self.components(references[index].sourcePath))
      if best.isEmpty || score > best[0].score {
        best = [(index, score)]
      } else if score == best[0].score {
        best.append((index, score))
      }
    }
    let documents = Set(best.map { "\(references[$0.index].family)/\(references[$0.index].component)" })
    guard documents.count == 1, let chosen = best.first else { return RecordingAttribution() }
    // A bare file name is enough only when no other document names a file of that name.
    if chosen.score < 2 {
      let all = Set(candidates.map { "\(references[$0].family)/\(references[$0].component)" })
      guard all.count == 1 else { return RecordingAttribution() }
    }
    let reference = references[chosen.index]
    return RecordingAttribution(
      family: Attributed(reference.family.rawValue, .criteria),
      component: Attributed(reference.component, .criteria),
      platform: reference.platform.map { Attributed($0.rawValue, .criteria) },
      assistiveTech: reference.assistiveTech.map { Attributed($0.rawValue, .criteria) },
      browser: reference.browser.map { Attributed($0.rawValue, .criteria) })
  }

  // MARK: - Container tags

  /// Reads platform, OS version and browser from the tags recorders write.
  static func fromTags(_ tags: [String: String]) -> RecordingAttribution {
    var result = RecordingAttribution()
    let lowered = Dictionary(
      tags.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    if let version = lowered["com.android.version"]?.trimmingWhitespace, !version.isEmpty {
      result.platform = Attributed(Platform.android.rawValue, .tags)
      result.osVersion = Attributed("Android \(version)", .tags)
    } else if lowered["com.apple.quicktime.author"]?.containsIgnoringASCIICase("replaykit") == true
      || lowered["com.apple.quicktime.model"].map({ $0.contains("iPhone") || $0.contains("iPad") }) == true
    {
      result.platform = Attributed(Platform.ios.rawValue, .tags)
      if let software = lowered["com.apple.quicktime.software"], !software.isEmpty {
        result.osVersion = Attributed("iOS \(software)", .tags)
      }
      if let model = lowered["com.apple.quicktime.model"]?.trimmingWhitespace, !model.isEmpty {
        result.device = Attributed(model, .tags)
      }
    } else if ["artist", "encoder", "comment"].contains(where: {
      lowered[$0]?.containsIgnoringASCIICase("Microsoft Game DVR") == true
    }) {
      result.platform = Attributed(Platform.windows.rawValue, .tags)
    }
    if let title = lowered["title"], let browser = SessionContext(text: title).browser {
      result.browser = Attributed(browser.rawValue, .tags)
    }
    return result
  }

  // MARK: - Folders and names

  private func fromFolders(path: String) -> RecordingAttribution {
    let folders = Array(Self.components(path).dropLast())
    var result = RecordingAttribution()
    guard let familyIndex = folders.lastIndex(where: { Family(rawValue: $0) != nil }),
      let family = Family(rawValue: folders[familyIndex])
    else {
      if let parent = folders.last, let component = resolve(folder: parent, family: nil) {
        result.family = Attributed(component.family.rawValue, .folder)
        result.component = Attributed(component.slug, .folder)
      }
      return result
    }
    result.family = Attributed(family.rawValue, .folder)
    guard familyIndex < folders.count - 1, let parent = folders.last else { return result }
    // A folder names a component only when the criteria know it: none is invented.
    if let component = resolve(folder: parent, family: family) {
      result.component = Attributed(component.slug, .folder)
    }
    return result
  }

  private func fromName(path: String, family: Family?) -> RecordingAttribution {
    let name = path.split(separator: "/").last ?? path[...]
    let stem = String(name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? name[..<$0] : nil } ?? name)
    let context = SessionContext(text: stem, family: family)
    var result = RecordingAttribution()
    if let platform = context.platform, !context.platformImplied {
      result.platform = Attributed(platform.rawValue, .name)
    }
    result.assistiveTech = context.assistiveTech.map { Attributed($0.rawValue, .name) }
    result.browser = context.browser.map { Attributed($0.rawValue, .name) }
    // A name part is a component only when it is one the criteria know (`session-0412` and
    // `IMG_2231` name none): an unknown one leaves the recording unattributed.
    if let slug = RecordingFileName.componentSlug(stem: stem), let known = resolve(slug: slug, family: family)
    {
      result.component = Attributed(known.slug, .name)
      if family == nil { result.family = Attributed(known.family.rawValue, .name) }
    }
    return result
  }

  private func implied(_ attribution: RecordingAttribution) -> RecordingAttribution {
    var result = RecordingAttribution()
    let platform = attribution.platform.flatMap { Platform(rawValue: $0.value) }
    if attribution.family == nil {
      if attribution.browser != nil || platform.map({ !$0.isMobile }) == true {
        result.family = Attributed(Family.web.rawValue, .implied)
      }
    }
    if platform == nil, let tech = attribution.assistiveTech.flatMap({ AssistiveTech(rawValue: $0.value) }) {
      let family = (attribution.family ?? result.family).flatMap { Family(rawValue: $0.value) }
      let text = [tech.rawValue, attribution.browser?.value].compactMap { $0 }.joined(separator: " ")
      let context = SessionContext(text: text, family: family)
      if let implied = context.platform {
        result.platform = Attributed(implied.rawValue, .implied)
      }
    }
    return result
  }

  // MARK: - Resolving names to components

  private func resolve(folder: String, family: Family?) -> (family: Family, slug: String)? {
    for candidate in family.map({ [$0] }) ?? Family.allCases {
      if let component = folderComponents[candidate]?[folder] { return (candidate, component) }
    }
    return resolve(slug: folder, family: family)
  }

  /// Finds the imported component a name means: the same slug, the same letters without
  /// hyphens, the singular, or the one component whose words contain the name's (or the
  /// reverse). Nil when none or several fit.
  private func resolve(slug: String, family: Family?) -> (family: Family, slug: String)? {
    let families = family.map { [$0] } ?? Family.allCases
    let pool = families.flatMap { family in (knownComponents[family] ?? []).map { (family, $0) } }
    func unique(_ matches: [(Family, String)]) -> (family: Family, slug: String)? {
      matches.count == 1 ? (matches[0].0, matches[0].1) : nil
    }
    let flat = Self.flatten(slug)
    let tests: [((Family, String)) -> Bool] = [
      { $0.1 == slug },
      { Self.flatten($0.1) == flat },
      { Self.singular(Self.flatten($0.1)) == Self.singular(flat) },
      {
        let known = Set($0.1.split(separator: "-")), words = Set(slug.split(separator: "-"))
        return known.isSuperset(of: words) || words.isSuperset(of: known)
      },
    ]
    for test in tests {
      let matches = pool.filter(test)
      if matches.isEmpty { continue }
      // Several families with the same slug: ambiguous unless a family was given.
      return unique(matches)
    }
    return nil
  }

  private static func flatten(_ slug: String) -> String { slug.filter { $0.isLetter || $0.isNumber } }

  private static func singular(_ word: String) -> String {
    word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
  }

  /// Lowercased path components.
  static func components(_ path: String) -> [String] {
    path.lowercased().split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
  }

  /// How many trailing components two paths share.
  static func trailingMatch(_ left: [String], _ right: [String]) -> Int {
    var count = 0
    while count < min(left.count, right.count), left[left.count - 1 - count] == right[right.count - 1 - count]
    {
      count += 1
    }
    return count
  }
}
