#!/usr/bin/env bash
# Regenerates docs/images/<page>.png, one screenshot of every page of the desktop app, from a
# fresh demo workspace, and docs/images/claude-code-memory.png, the Memory page's Claude Code tab
# on a home holding one Claude Code project's memory. Usage (from anywhere):
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

# A Claude Code home: one project's auto memory (an index and topic files) and a session
# transcript naming the project's folder. The pages read it as the user's home.
export HOME="$scratch/home"
project="$HOME/.claude/projects/-home-ana-code-payments"
mkdir -p "$project/memory"
printf '{"type":"user","cwd":"/home/ana/code/payments","sessionId":"demo"}\n' >"$project/demo.jsonl"
cat >"$project/memory/MEMORY.md" <<'EOF_'
# Memory index

- [Run the tests before a commit](feedback_run_tests.md) — ctest -j1, never skip the slow suite
- [Ana, backend lead](user_ana.md) — terse answers, reviews every migration
- [Payments release train](project_release_train.md) — freeze on Thursdays, ship Mondays
- [Grafana boards](reference_dashboards.md) — where the latency and error panels live
EOF_
topic() { # FILE NAME TYPE DESCRIPTION BODY
    printf -- '---\nname: %s\ndescription: %s\ntype: %s\n---\n\n%s\n' "$2" "$4" "$3" "$5" >"$project/memory/$1"
}
topic feedback_run_tests.md "Run the tests before a commit" feedback \
    "Ana wants ctest -j1 run before every commit; never skip the slow suite" \
    "Run \`ctest -j1\` in build/ci before each commit. The slow suite catches the ledger rounding bugs."
topic user_ana.md "Ana, backend lead" user "Prefers terse answers; reviews every schema migration herself" \
    "Keep answers short, show the diff first, and ask before touching migrations/."
topic project_release_train.md "Payments release train" project \
    "Code freeze on Thursdays at 18:00 UTC, release on Mondays" \
    "Nothing but fixes lands between the Thursday freeze and the Monday release."
topic reference_dashboards.md "Grafana boards" reference "Latency and error-rate panels for the payment API" \
    "https://grafana.internal/d/payments-api: p99 latency, 5xx rate, queue depth."
printf 'Notes left without front matter.\n' >"$project/memory/scratch.md"

mkdir -p "$docs/images"
for page in inbox memory skills scars decisions audit; do
    # The offscreen platform warns that it cannot propagate size hints: noise, filtered out.
    "$bin" --workspace "$workspace" --screenshot "$docs/images/$page.png" --page "$page" \
        2> >(grep -v "propagateSizeHints" >&2)
    echo "docs/images/$page.png"
done
"$bin" --workspace "$workspace" --screenshot "$docs/images/claude-code-memory.png" --page memory/claude-code \
    2> >(grep -v "propagateSizeHints" >&2)
echo "docs/images/claude-code-memory.png"
