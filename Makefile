# Exhibit: `make demo` runs the main job on the sample workspace; `make test` runs the tests.
# Both install what is missing on a fresh Debian machine first (as root, or through sudo).

SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: all deps build test demo schema media lint format fuzz

all: build

deps:
	@bash Scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

demo: build
	@bash Scripts/demo.sh

# Rewrites Database/schema.sql from a fresh database after a migration changed.
schema: deps
	EXHIBIT_WRITE_SCHEMA=1 $(SWIFT) test --filter schemaSQLMatchesAFreshDatabase

# Remakes the sample recordings in Media/ (needs ffmpeg and espeak-ng).
media:
	@bash Scripts/install-deps.sh --media
	bash Scripts/make-sample-media.sh Media

# Runs every libFuzzer target briefly (FUZZ_SECONDS each); Scripts/fuzz.sh TARGET SECONDS runs one.
FUZZ_SECONDS ?= 30
fuzz: deps
	bash Scripts/fuzz.sh --build
	@status=0; for target in webvtt criteria media bag zip query; do \
	  EXHIBIT_FUZZ_SKIP_BUILD=1 bash Scripts/fuzz.sh $$target $(FUZZ_SECONDS) || status=1; \
	done; exit $$status

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests
