/// The one script pages load, `Resources/player.js`: it enhances the recording page's player. Every page works without
/// it: transcript cues are links that open the page at the cue's time, and the judging form takes
/// typed seconds. The Content-Security-Policy allows this file and nothing inline.
enum PlayerScript {
  static let text = String(decoding: PackageResources.player_js, as: UTF8.self)
}
