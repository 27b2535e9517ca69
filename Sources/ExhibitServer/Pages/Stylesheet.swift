/// The pages' one stylesheet, `Resources/exhibit.css`. States are told by text and a pattern as well as colour, and every
/// colour pair meets WCAG AA contrast.
enum Stylesheet {
  static let text = String(decoding: PackageResources.exhibit_css, as: UTF8.self)
}
