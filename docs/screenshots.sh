#!/usr/bin/env bash
# Regenerates docs/images/<page>.png, one screenshot of every page of the desktop app, from a
# fresh demo workspace. Usage (from anywhere):
#
#   docs/screenshots.sh [PATH/TO/sediment]      # default: build/ci/app/sediment
#
# The binary is the command line `sediment`; `sediment-gui` must sit beside it (as it does in a
# build tree and in an installed package). Rendering is offscreen, so no display is needed.
set -euo pipefail

docs="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$docs")"
bin="${1:-$repo/build/ci/app/sediment}"
if [[ ! -x "$bin" ]]; then
    echo "screenshots.sh: no executable at $bin (build first, or pass the path of sediment)" >&2
    exit 2
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
workspace="$scratch/demo"

# A private settings folder: the window opens at its default size (1280 x 820) and light
# appearance rather than at the geometry saved by whoever runs this, and the run does not add the
# scratch workspace to their recent workspaces.
export XDG_CONFIG_HOME="$scratch/config"
export XDG_RUNTIME_DIR="$scratch/runtime"
mkdir -m 0700 "$XDG_RUNTIME_DIR"
export QT_QPA_PLATFORM=offscreen
# The same fonts and scale on every machine that runs this.
export QT_SCALE_FACTOR=1
export LANG=C.UTF-8

"$bin" init "$workspace" --demo >/dev/null

mkdir -p "$docs/images"
for page in inbox memory skills scars decisions audit; do
    # The offscreen platform warns that it cannot propagate size hints: noise, filtered out.
    "$bin" --workspace "$workspace" --screenshot "$docs/images/$page.png" --page "$page" \
        2> >(grep -v "propagateSizeHints" >&2)
    echo "docs/images/$page.png"
done
