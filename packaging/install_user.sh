#!/usr/bin/env bash
# Installs a built bundle for the current user (Linux), like an app from a package:
#   bash packaging/install_user.sh [dist/chathub-desktop-<version>]
# - the bundle into ~/.local/opt/chathub-desktop, a launcher in ~/.local/bin
# - the .desktop entry, the hicolor icons and the AppStream metainfo under ~/.local/share
# Uninstall: bash packaging/install_user.sh --uninstall
set -euo pipefail
cd "$(dirname "$0")/.."
data=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/chathub-desktop
bin=$HOME/.local/bin/chathub-desktop
id=io.chathub.Desktop
if [ "${1:-}" = "--uninstall" ]; then
  rm -rf "$opt" "$bin" "$data/applications/$id.desktop" "$data/metainfo/$id.metainfo.xml"
  find "$data/icons/hicolor" -name "$id.*" -delete 2>/dev/null || true
  echo "removed ChatHub Desktop (your data dir is kept)"; exit 0
fi
bundle=${1:-$(ls -d dist/chathub-desktop-* 2>/dev/null | sort -V | tail -n 1)}
[ -x "$bundle/chathub-desktop" ] || { echo "no bundle found: run bash packaging/build_bundle.sh first"; exit 1; }
rm -rf "$opt"; mkdir -p "$opt" "$(dirname "$bin")" "$data/applications" "$data/metainfo"
cp -a "$bundle/." "$opt/"
ln -sf "$opt/chathub-desktop" "$bin"
sed "s|^Exec=chathub-desktop|Exec=$opt/chathub-desktop|" "packaging/$id.desktop" > "$data/applications/$id.desktop"
cp "packaging/$id.metainfo.xml" "$data/metainfo/"
for png in resources/icons/hicolor/*/apps/$id.png; do
  size=$(basename "$(dirname "$(dirname "$png")")")
  mkdir -p "$data/icons/hicolor/$size/apps"; cp "$png" "$data/icons/hicolor/$size/apps/"
done
mkdir -p "$data/icons/hicolor/scalable/apps"; cp "resources/icons/$id.svg" "$data/icons/hicolor/scalable/apps/"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "installed: $opt (launcher $bin; menu entry ChatHub Desktop)"
