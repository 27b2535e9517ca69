# Exhibit: `make demo` runs the main job on the sample workspace; `make test` runs the tests.
# Both install what is missing on a fresh Debian machine first (`make setup`, as root or through
# sudo); `make build` only checks, and says what is missing.

SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: all setup check build release install test demo schema media lint format fuzz

all: build

# Installs the Debian and Python packages building and testing need, when they are missing.
setup:
	@bash Scripts/install-deps.sh

# Installs nothing: fails, naming them, when packages are missing.
check:
	@bash Scripts/install-deps.sh --check

build: check
	$(SWIFT) build

# The binaries to install, exhibit and beside it exhibit-server (for `exhibit serve`) and
# exhibit-team (for commands with an evidence store): optimised, not position-independent, with
# Swift's runtime, libstdc++, SQLite and zlib linked in, so a command starts without loading or
# relocating them (Scripts/bench-startup.sh measures the difference).
release: check
	@bash Scripts/release-build.sh exhibit exhibit-team exhibit-server

# Installs exhibit, exhibit-server and exhibit-team in PREFIX/bin, with bash, zsh and fish completions and a
# manual page per command (`man exhibit-link`): `make install` (as root), or
# `make install PREFIX=$$HOME/.local` for one user.
PREFIX ?= /usr/local
install: setup
	@bash Scripts/install.sh "$(PREFIX)" "$(DESTDIR)"

# The whole suite, then the CLI's end-to-end suite again with every workspace's catalogue on
# PostgreSQL and its recordings in an S3-compatible bucket (Tests/ExhibitCLITests/Support/TeamCatalogue.swift).
# The end-to-end tests run the release binaries, as `make install` installs them
# (EXHIBIT_TEST_BINARIES); `swift test` alone runs the debug ones built beside the tests.
# Swift Testing runs at most twice as many test cases at once as there are cores; most of the
# first pass's wait on the processes they start (exhibit, PostgreSQL, Chromium), so eight at once
# keep two cores busy where four left them idle a third of the time. The team pass, whose
# workspaces share one PostgreSQL cluster and one bucket, was no faster at eight
# (docs/performance.md, the suite).
TEST_BINARIES := EXHIBIT_TEST_BINARIES=$(CURDIR)/.build/release
TEST_WIDTH := SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=8
test: setup
	@bash Scripts/release-build.sh exhibit exhibit-team exhibit-server
	$(TEST_BINARIES) $(TEST_WIDTH) $(SWIFT) test
	$(TEST_BINARIES) EXHIBIT_TEST_CATALOGUE=team $(SWIFT) test --skip-build --filter ExhibitCLITests

demo: setup
	$(SWIFT) build
	@bash Scripts/demo.sh

# Rewrites Database/schema.sql after a migration changed. The file is also the snapshot new
# databases are made from (the EmbedSchema plugin compiles it in), so it is emptied first: the
# database dumped is then the one the migrations alone build.
schema:
	@echo '-- emptied by make schema while the migrations build a database' > Database/schema.sql
	@echo > Database/schema-image.txt
	@$(MAKE) --no-print-directory build
	@scratch=$$(mktemp -d) && (cd "$$scratch" && $(CURDIR)/.build/debug/exhibit init >/dev/null) \
	  && python3 Scripts/dump-schema.py "$$scratch/Database/exhibit.sqlite" > "$$scratch/schema.sql" \
	  && mv "$$scratch/schema.sql" Database/schema.sql \
	  && python3 Scripts/make-schema-image.py Database/schema.sql Database/schema-image.txt \
	  && rm -rf "$$scratch" && echo "wrote Database/schema.sql and Database/schema-image.txt"

# Remakes the sample recordings in Media/ (needs ffmpeg and espeak-ng).
media:
	@bash Scripts/install-deps.sh --media
	bash Scripts/make-sample-media.sh Media

# Runs every libFuzzer target briefly (FUZZ_SECONDS each); Scripts/fuzz.sh TARGET SECONDS runs one.
FUZZ_SECONDS ?= 30
fuzz: check
	bash Scripts/fuzz.sh --build
	@status=0; for target in webvtt criteria media bag zip query; do \
	  EXHIBIT_FUZZ_SKIP_BUILD=1 bash Scripts/fuzz.sh $$target $(FUZZ_SECONDS) || status=1; \
	done; exit $$status

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests
