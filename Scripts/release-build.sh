#!/usr/bin/env bash
# Builds release binaries the way they are installed (`make release`), in the current folder's
# package: optimised, no position-independent code, and Swift's runtime, libstdc++, libgcc, SQLite
# and zlib linked into the binary, so a command starts without the loader mapping and relocating
# them (libstdc++ alone cost every command about 0.7 ms, SQLite about 0.4).
#   Scripts/release-build.sh [--shared] PRODUCT...
# --shared links libstdc++, libgcc and SQLite as shared libraries, as releases were linked before
# 2026-11-23 (Scripts/bench-startup.sh --before-link shared compares the two).
# Every script that needs a release binary builds it here: SwiftPM compiles every module again
# when the flags or the pkg-config path change, so one set of flags (and one build of every
# product, below) keeps release builds incremental (`make release`, the benchmarks,
# release-check.sh).
set -euo pipefail
# One environment for every release build: SwiftPM compiles its plugins, and every module that uses
# them, again when the environment it runs in changes (make adds MAKEFLAGS and MAKELEVEL; a shell
# its own PATH), so `make release` and a benchmark run from a shell share one build only when
# both build in the same one (`build`, below).
export PATH="/opt/swift/usr/bin:$PATH"
build() {
  env -i HOME="$HOME" PATH="/opt/swift/usr/bin:/usr/local/bin:/usr/bin:/bin" \
    ${PKG_CONFIG_PATH:+PKG_CONFIG_PATH="$PKG_CONFIG_PATH"} swift build "$@"
}
shared=false
products=()
for argument in "$@"; do
  case "$argument" in
    --shared) shared=true ;;
    -*) echo "release-build.sh: unknown option $argument" >&2; exit 2 ;;
    *) products+=("$argument") ;;
  esac
done
[ ${#products[@]} -gt 0 ] || { echo "usage: release-build.sh [--shared] PRODUCT..." >&2; exit 2; }

# Swift links executables with every symbol exported (-rdynamic): 13,576 of them in exhibit, which the
# runtime's start-up scans (dladdr, looking for its own path) and the loader maps; nothing looks a
# symbol up in the binary itself, so it exports only what its shared libraries need (a third of a
# millisecond of every command; docs/performance.md).
flags=(-c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie -Xlinker --no-export-dynamic)
# A generic type the code names (a dictionary of statements by their SQL, a set of bytes) is made
# at run time from its mangled name by default, and the runtime then finds each of its
# requirements' conformances (String: Hashable) by walking all 8,050 conformance records of the
# binary: about 0.15 ms for each first use of a type, ten of them in `exhibit show`. With the type's
# metadata asked of its accessor instead, the compiler passes the conformances it already knows.
flags+=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
if ! $shared; then
  # The linker takes a library from the first folder on its path that has it, and in one folder
  # prefers the shared one: a folder that holds only the archives, searched first, links them.
  cxx=$(clang -print-file-name=libstdc++.a)  # Swift's clang finds GCC's libraries
  sqlite=$(pkg-config --variable=libdir sqlite3)/libsqlite3.a
  # zlib, which async-http-client's decompression links (exhibit-server and exhibit-team).
  zlib=$(pkg-config --variable=libdir zlib)/libz.a
  for archive in "$cxx" "$sqlite" "$zlib"; do
    [ -f "$archive" ] || {
      echo "release-build.sh: $archive is missing (libstdc++-12-dev, libsqlite3-dev, zlib1g-dev)" >&2; exit 1; }
  done
  archives="$PWD/.build/static-archives"
  mkdir -p "$archives/pkgconfig"
  ln -sf "$cxx" "$archives/libstdc++.a"
  ln -sf "$sqlite" "$archives/libsqlite3.a"
  ln -sf "$zlib" "$archives/libz.a"
  # SwiftPM reads sqlite3.pc itself and puts its library folder before any other: this one
  # names the folder of archives. Debian's libsqlite3.a needs only libm and libc beside it.
  cat >"$archives/pkgconfig/sqlite3.pc" <<EOF
Name: SQLite
Description: SQLite from Debian's static archive, for release builds
Version: $(pkg-config --modversion sqlite3)
Libs: -L$archives -lsqlite3 -lm
Cflags: $(pkg-config --cflags sqlite3)
EOF
  export PKG_CONFIG_PATH="$archives/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  # libgcc's unwinder too (libgcc_eh.a instead of libgcc_s.so): one library fewer to load.
  flags+=(-Xswiftc -L -Xswiftc "$archives" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
fi
# Every release product in one build, whichever were asked for: SwiftPM plans a build of one
# product apart from a build of another and compiled ExhibitKit again at each switch (80 s), so
# the benchmarks and `make release` each build the whole set, and a second build does nothing.
build "${flags[@]}"
for product in "${products[@]}"; do
  [ -x ".build/release/$product" ] || { echo "release-build.sh: no product $product was built" >&2; exit 1; }
done
