import ExhibitModel
import Foundation
import Testing

/// A path's last component is the one Foundation's URL names.
@Suite struct PathNameTests {
  @Test(arguments: [
    "Media/native/checkbox/checkboxVoiceOver.webm", "/srv/media/a b.webm", "a.webm", "dir/", "a/b//",
    "/", "/top", "é/ünï.webm",
  ])
  func lastComponentAsURLReadsIt(_ path: String) {
    #expect(PathName.last(path) == URL(fileURLWithPath: path).lastPathComponent)
  }

  @Test(arguments: [
    "/a/b/c.webm", "/a//b", "/a/./b", "/a/../b", "/a/b/..", "/..", "/../x", "/a/b/../../..", "/a/b/",
    "/tmp", "/a/.../b", "/a/..b/c", "/a/b/.", "/./", "//", "/a/b//", "/srv/Media/./x/../y.webm", "/é/ü .webm",
  ])
  func standardizedAsURLStandardizesIt(_ path: String) {
    #expect(PathName.standardized(absolute: path) == URL(fileURLWithPath: path).standardizedFileURL.path)
  }
}
