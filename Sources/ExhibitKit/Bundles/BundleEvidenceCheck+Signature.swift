import Crypto
import Foundation

// The workspace's audit trail and the signature.
extension BundleEvidenceCheck {
  static func checkAgainstWorkspace(
    events: [Event], audit: [String: Any], workspace: BagWorkspace, problem: (String, String) -> Void
  ) {
    do {
      for event in events {
        let stored = try workspace.eventHash(id: event.id)
        if stored == nil {
          problem(auditFile, "\(event.described) is not in the workspace's audit trail (\(workspace.path))")
        } else if stored != event.hash {
          problem(
            auditFile, "\(event.described) differs from the workspace's audit trail (\(workspace.path))")
        }
      }
      if let head = audit["audit_head"] as? String, try !workspace.containsEvent(hash: head) {
        problem(
          auditFile,
          "audit_head \(head.prefix(16))… is not in the workspace's audit trail (\(workspace.path))")
      }
    } catch {
      // A trail that cannot be read proves nothing either way: the check fails, saying why.
      problem(auditFile, "the workspace's audit trail (\(workspace.path)) could not be read: \(error)")
    }
  }

  /// Whether `workspace` has criteria of the bag's `component`; nil, after failing the check with
  /// why, when its criteria cannot be read.
  private static func ownsComponent(
    _ workspace: BagWorkspace?, _ component: String?, fail: (String, String) -> Void
  ) -> Bool? {
    do {
      return try component.map { try workspace?.hasComponent($0) ?? false } ?? false
    } catch {
      fail("the workspace's criteria (\(workspace?.path ?? "")) could not be read: \(error)", "not checked")
      return nil
    }
  }

  /// An unsigned bag: a failure when a signature is required, or when the workspace signs every
  /// bag it makes and the bag is of one of its components; otherwise a warning.
  private static func checkUnsigned(
    manifest: [String: Any]?, workspace: BagWorkspace?, signs: Bool, requireSignature: Bool,
    findings: inout Findings
  ) {
    func fail(_ problem: String, _ detail: String) {
      findings.problems.append(.init(path: BagSignature.fileName, problem: problem))
      findings.checks.append(BagCheck(.signature, .failed, detail))
    }
    let component = manifest?["component"] as? String
    guard let ownComponent = ownsComponent(workspace, component, fail: fail) else { return }
    if requireSignature {
      fail("missing: the bag is not signed, and --require-signature was given", "not signed")
    } else if let workspace, signs, let component, ownComponent {
      fail(
        "missing: \(workspace.path) signs every bag it makes, and this bag of its component \(component) is not signed",
        "not signed, though the workspace signs its bags")
    } else {
      findings.checks.append(
        BagCheck(
          .signature, .warning,
          "not signed: anyone able to edit its files could have made it (--require-signature refuses it)"))
    }
  }

  /// The signature's check: it must match the signed files and, given the workspace, be by its
  /// key. An unsigned bag fails when `requireSignature` is set or when the workspace signs every
  /// bag it makes and the bag is of one of its components; otherwise it is a warning.
  static func checkSignature(
    root: String, manifest: [String: Any]?, workspace: BagWorkspace?, requireSignature: Bool,
    findings: inout Findings
  ) {
    func fail(_ problem: String, _ detail: String) {
      findings.problems.append(.init(path: BagSignature.fileName, problem: problem))
      findings.checks.append(BagCheck(.signature, .failed, detail))
    }
    let path = root + "/" + BagSignature.fileName
    let workspaceKey: Curve25519.Signing.PrivateKey?
    do {
      workspaceKey = try workspace.flatMap { try SigningKey.load(at: $0.keyPath) }
    } catch {
      // One whose key file cannot be read is a failed check, never a workspace without a key.
      fail(
        "the workspace's signing key \(workspace?.keyPath ?? "") could not be read: \(error)",
        "key unreadable")
      return
    }
    guard FileManager.default.fileExists(atPath: path) else {
      checkUnsigned(
        manifest: manifest, workspace: workspace, signs: workspaceKey != nil,
        requireSignature: requireSignature,
        findings: &findings)
      return
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    guard let data = FileManager.default.contents(atPath: path),
      let signature = try? decoder.decode(BagSignature.self, from: data)
    else {
      findings.signature = BagReport.Signature(fingerprint: "", valid: false, workspaceKey: nil)
      fail("unreadable signature", "unreadable")
      return
    }
    let valid = signature.isValid(for: signature.contents(inBag: root))
    var isWorkspaceKey: Bool?
    if let key = workspaceKey {
      isWorkspaceKey =
        BagSignature.fingerprint(of: key.publicKey.rawRepresentation) == signature.fingerprint
        && key.publicKey.rawRepresentation.base64EncodedString() == signature.publicKey
    }
    findings.signature = BagReport.Signature(
      fingerprint: signature.fingerprint, valid: valid, workspaceKey: isWorkspaceKey)
    guard valid else {
      fail(
        "the signature does not match \(signature.signedFiles.joined(separator: ", ")): the bag changed after it was signed",
        "does not match: the bag changed after it was signed")
      return
    }
    // A teammate's key, registered in the catalogue when the bag was made, is the team's.
    var signer: String?
    if isWorkspaceKey != true, let workspace {
      switch teamKey(signature, manifest: manifest, workspace: workspace, ownKey: workspaceKey) {
      case .accepted(let name):
        signer = name
        findings.signature?.signer = name
      case .refused(let problem, let detail):
        fail(problem, detail)
        return
      }
    }
    let covered =
      signature.coversTagManifest
      ? "covering every tag file"
      : "an earlier Exhibit's signature, covering \(signature.signedFiles.joined(separator: ", ")); the tag files are held to Exhibit's own"
    findings.checks.append(
      BagCheck(
        .signature, .passed,
        "signed with key \(signature.fingerprint)\(isWorkspaceKey == true ? ", this workspace's key" : "")"
          + "\(signer.map { ", \($0)'s key, registered in the team's catalogue" } ?? ""), \(covered)"
      ))
  }

  /// What the team's keys say of a signature by another key than this workspace's.
  private enum TeamKeyAnswer {
    /// Accepted: a teammate's registered key (named), or nothing known against it (nil).
    case accepted(String?)
    /// Refused, with the problem and the check's detail.
    case refused(String, String)
  }

  /// The team's word on `signature`: a key registered and not revoked when the bag was made
  /// (its audit head) is accepted and named; one revoked before or registered after is refused;
  /// an unknown key is refused once this folder has a key or the team registered any.
  private static func teamKey(
    _ signature: BagSignature, manifest: [String: Any]?, workspace: BagWorkspace,
    ownKey: Curve25519.Signing.PrivateKey?
  ) -> TeamKeyAnswer {
    let head = (manifest?["audit_head"] as? String) ?? ""
    let standing: TeamKeyStanding
    let teamSigns: Bool
    do {
      standing = try workspace.standing(of: signature.publicKey, atHead: head)
      teamSigns = try workspace.hasTeamKeys()
    } catch {
      return .refused("the team's keys (\(workspace.path)) could not be read: \(error)", "keys unreadable")
    }
    let key = signature.fingerprint
    switch standing {
    case .registered(let name): return .accepted(name)
    case .revoked(let name):
      return .refused(
        "signed by key \(key), \(name)'s, revoked before the bag was made",
        "signed by \(name)'s key, revoked before the bag was made")
    case .addedLater(let name):
      return .refused(
        "signed by key \(key), \(name)'s, registered only after the bag was made",
        "signed by \(name)'s key, registered after the bag was made")
    case .unknown:
      guard ownKey != nil || teamSigns else { return .accepted(nil) }
      let own = ownKey.map { " \(BagSignature.fingerprint(of: $0.publicKey.rawRepresentation))" } ?? ""
      return .refused(
        "signed by key \(key), not this workspace's key\(own) nor one of the team's (exhibit keys list)",
        "signed by key \(key), not this workspace's nor the team's")
    }
  }
}
