#!/usr/bin/env bash
# Regenerate deckforge's CMYK output profile (deckforge/data/icc/deckforge-fogra39-300.icc) with ArgyllCMS.
#
# Source data: FOGRA39L.ti3, the FOGRA39 characterisation of coated offset paper (ISO 12647-2:2004/Amd 1) as
# redistributed under the zlib licence by Kai-Uwe Behrmann in Debian's icc-profiles-free. The profile caps total
# ink at 300 % (-l300) and generates maximum black (-kx), so neutral greys print on the black plate alone.
# Needs: apt-get install argyll icc-profiles-free. See docs/print-shop.md for provenance and licence.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source_ti3=${1:-/usr/share/color/icc/FOGRA39L.ti3}
target="$here/deckforge/data/icc/deckforge-fogra39-300.icc"
command -v colprof >/dev/null || { echo "colprof not found: apt-get install argyll" >&2; exit 1; }
[ -f "$source_ti3" ] || { echo "$source_ti3 not found: apt-get install icc-profiles-free" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source_ti3" "$work/fogra39.ti3"
(cd "$work" && colprof -v0 -qm -bl -kx -l300 \
  -A "deckforge" -M "FOGRA39 coated offset, 300% TAC, max GCR" \
  -D "deckforge FOGRA39 300% (from FOGRA39L, zlib)" \
  -C "Generated from FOGRA39L.ti3 (c) Kai-Uwe Behrmann, zlib licence" \
  fogra39 >/dev/null)
mkdir -p "$(dirname "$target")"
cp "$work/fogra39.icc" "$target"
echo "wrote $target ($(stat -c %s "$target") bytes)"
