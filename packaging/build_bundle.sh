#!/usr/bin/env bash
# Builds the one-folder app bundle with PyInstaller and checks that it starts:
#   bash packaging/build_bundle.sh        -> dist/chathub-desktop-<version>/
# then runs the built app with `gui --smoke` offscreen, in a throwaway HOME and data
# dir, and fails unless it prints CHATHUB_SMOKE_OK. Uses ./.venv-test (tests/run.sh makes it), never the app's ./.venv.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv-test/bin/python ] || python3 -m venv .venv-test
.venv-test/bin/python -m pip install -q --disable-pip-version-check -e ".[bundle]"
version=$(.venv-test/bin/python -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
.venv-test/bin/pyinstaller --noconfirm --log-level ERROR --distpath dist --workpath build/pyinstaller \
  packaging/chathub-desktop.spec
app="dist/chathub-desktop-$version/chathub-desktop"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# a clean environment: nothing from the source tree or the venv may leak into the check
out=$(cd "$scratch" && env -i HOME="$scratch/home" PATH=/usr/bin:/bin LANG=C.UTF-8 \
  QT_QPA_PLATFORM=offscreen timeout 120 "$OLDPWD/$app" gui --smoke --data-dir "$scratch/data" 2>&1) || {
  echo "$out"; echo "bundle smoke start failed"; exit 1; }
echo "$out" | grep -q '^CHATHUB_SMOKE_OK ' || { echo "$out"; echo "bundle smoke start printed no OK line"; exit 1; }
echo "$out" | grep '^CHATHUB_SMOKE_OK '
echo "bundle: $app ($(du -sh "dist/chathub-desktop-$version" | cut -f1))"
