import Foundation

/// What Exhibit heard in a recording as a machine WebVTT file, the form a bag carries it in:
/// the header says it was heard by Exhibit and is not captions, a note says how it was made
/// (the model, the vocabulary's size and SHA-256, when), and each phrase heard is a cue whose
/// identifier gives its number and the recogniser's confidence (`3 confidence 0.91`).
public enum HeardWebVTT {
  /// The first line: WebVTT's signature with words that say what the file is.
  public static let header = "WEBVTT - heard by Exhibit, not captions"

  /// The file's text, the same for the same track.
  public static func text(_ track: HeardTrack) -> String {
    var lines = [
      header, "",
      "NOTE",
      "Made by Exhibit from the recording's audio with \(track.model), spotting \(track.phrases) phrases",
      "(vocabulary SHA-256 \(track.vocabularySHA256))\(track.heardAt.map { ", heard \($0)" } ?? "").",
      "Each cue is a phrase Exhibit recognised, numbered, with the recogniser's confidence from 0 to 1:",
      "a guess at what the screen reader said, never a caption and never a verdict.", "",
    ]
    for (index, phrase) in track.heard.enumerated() {
      lines += [
        "\(index + 1) confidence \(String(format: "%.2f", phrase.confidence))",
        "\(timestamp(phrase.startSeconds)) --> \(timestamp(phrase.endSeconds))", phrase.text, "",
      ]
    }
    return lines.joined(separator: "\n")
  }

  /// The confidence a cue identifier of ``text(_:)`` gives; nil for any other identifier.
  public static func confidence(identifier: String?) -> Double? {
    guard let identifier, let range = identifier.range(of: " confidence ") else { return nil }
    return Double(identifier[range.upperBound...])
  }

  /// `HH:MM:SS.mmm`.
  static func timestamp(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    let (hours, minutes) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60)
    return String(
      format: "%02d:%02d:%02d.%03d", hours, minutes, milliseconds / 1000 % 60, milliseconds % 1000)
  }
}
