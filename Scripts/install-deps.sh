#!/usr/bin/env bash
# Installs what building and testing Exhibit needs on Debian, when it is missing.
# Usage: Scripts/install-deps.sh [--media] [--bench] [--check]
#   --media  adds espeak-ng and flite, for make-sample-media.sh and make-listening-media.sh
#   (always) bash-completion and man-db, for the completions and manual pages `make install` adds
#   --bench  adds hyperfine, wrk, nginx-light, pgbouncer and awscli, for Scripts/bench-*.sh
#   --check  installs nothing: lists what is missing and fails when anything is (make build)
set -euo pipefail
media=false
bench=false
check=false
for argument in "$@"; do
  case "$argument" in
    --media) media=true ;;
    --bench) bench=true ;;
    --check) check=true ;;
    *) echo "install-deps.sh: unknown option $argument" >&2; exit 2 ;;
  esac
done

# libpocketsphinx3 and pocketsphinx-en-us are the recogniser and model `exhibit listen` opens (and
# libswresample its resampler); ffmpeg depends on them already. chromium and its driver run axe-core over bundle reports in the tests; poppler-utils turns the
# reports Chromium prints to PDF into text and PNG pages there. postgresql is the server the
# team backend's tests start, each in a cluster of its own in a temporary folder (openssl makes
# its certificate). libstdc++-12-dev and
# libgcc-12-dev (which Swift itself needs) and zlib1g-dev hold the archives `make release` links in.
packages=(pkg-config libsqlite3-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev
  libpocketsphinx3 pocketsphinx-en-us ffmpeg python3 python3-pip
  chromium chromium-driver poppler-utils libstdc++-12-dev libgcc-12-dev zlib1g-dev bash-completion man-db
  postgresql openssl)
$media && packages+=(espeak-ng flite fonts-dejavu-core)
# pgbouncer keeps PostgreSQL sessions open between commands in Scripts/bench-bundle-engines.sh.
$bench && packages+=(hyperfine wrk faketime nginx-light pgbouncer)
# awscli's `aws s3 cp` is the reference client Scripts/bench-objects.sh times uploads against.
bench_python=()
$bench && { python3 -c "import awscli" 2>/dev/null || bench_python=(awscli==1.46.2); }

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
python_missing=()
python3 -c "import gherkin" 2>/dev/null || python_missing+=(gherkin-official)
python3 -c "import bagit" 2>/dev/null || python_missing+=(bagit)
python3 -c "import pyld" 2>/dev/null || python_missing+=(pyld)
python3 -c "import selenium" 2>/dev/null || python_missing+=(selenium)
# jsonschema and PyYAML check conformance reports against GSA's OpenACR schema and catalog.
python3 -c "import jsonschema" 2>/dev/null || python_missing+=(jsonschema)
python3 -c "import yaml" 2>/dev/null || python_missing+=(pyyaml)
# nanio is the S3-compatible server (it checks every signature) the object storage tests start.
python3 -c "import nanio" 2>/dev/null || python_missing+=(nanio==0.1.7)
python3 -c "import importlib.util as u, sys; sys.exit(u.find_spec('axe_playwright_python') is None)" 2>/dev/null ||
  python_missing+=(axe-playwright-python==0.1.8)

if $check; then
  status=0
  [ ${#missing[@]} -gt 0 ] && { echo "exhibit: missing Debian packages: ${missing[*]}" >&2; status=1; }
  [ ${#python_missing[@]} -gt 0 ] && { echo "exhibit: missing Python packages (tests): ${python_missing[*]}" >&2; status=1; }
  command -v swift >/dev/null || { echo "exhibit: swift is not on PATH (expected /opt/swift/usr/bin)" >&2; status=1; }
  [ $status -eq 0 ] || echo "exhibit: run \`make setup\` to install them (as root, or through sudo)" >&2
  exit $status
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
    echo "exhibit: missing Debian packages: ${missing[*]}; install them as root:" >&2
    echo "  apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "exhibit: swift is not on PATH (expected /opt/swift/usr/bin)" >&2; exit 1; }

# Python packages the tests use to check our output with other projects' parsers; python3
# itself may only now have been installed, so look again.
python_missing=()
python3 -c "import gherkin" 2>/dev/null || python_missing+=(gherkin-official)
python3 -c "import bagit" 2>/dev/null || python_missing+=(bagit)
python3 -c "import pyld" 2>/dev/null || python_missing+=(pyld)
python3 -c "import selenium" 2>/dev/null || python_missing+=(selenium)
# jsonschema and PyYAML check conformance reports against GSA's OpenACR schema and catalog.
python3 -c "import jsonschema" 2>/dev/null || python_missing+=(jsonschema)
python3 -c "import yaml" 2>/dev/null || python_missing+=(pyyaml)
# nanio is the S3-compatible server (it checks every signature) the object storage tests start.
python3 -c "import nanio" 2>/dev/null || python_missing+=(nanio==0.1.7)
python3 -c "import importlib.util as u, sys; sys.exit(u.find_spec('axe_playwright_python') is None)" 2>/dev/null ||
  python_missing+=(axe-playwright-python==0.1.8)
# axe-playwright-python is wanted only for the axe-core 4.x it ships (axe.min.js), which Selenium
# injects: it is installed without its dependencies, so Playwright and its browsers stay out.
axe_package=axe-playwright-python==0.1.8
wants_axe=false
for package in "${python_missing[@]}"; do [ "$package" = "$axe_package" ] && wants_axe=true; done
if $wants_axe; then
  echo "installing $axe_package (axe-core 4.x) without its dependencies" >&2
  python3 -m pip install --quiet --no-deps "$axe_package" 2>/dev/null ||
    python3 -m pip install --quiet --no-deps --break-system-packages "$axe_package"
fi
others=()
for package in "${python_missing[@]}"; do [ "$package" = "$axe_package" ] || others+=("$package"); done
others+=("${bench_python[@]}")
if [ ${#others[@]} -gt 0 ]; then
  echo "installing Python packages ${others[*]}" >&2
  python3 -m pip install --quiet "${others[@]}" 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages "${others[@]}"
fi
