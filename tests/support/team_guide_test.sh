#!/usr/bin/env bash
# The user guide's "Setting up a team", run word for word: every ```sh block of that section, in
# order, in one shell, against the throw-away server (tests/support/pg_server.sh), with a home of
# its own. There psql connects as the server's superuser (the guide's database administrator) and
# PGHOST/PGPORT name the server, as the guide says. Then what the guide promises is checked: the
# agent's machine wrote the approved entry, and the audit chain is intact.
# Usage: team_guide_test.sh USER_GUIDE.md SEDIMENT_BINARY   ($SEDIMENT_TEST_POSTGRES_FILE set)
set -euo pipefail
guide=$1
binary=$2
conninfo=$(cat "${SEDIMENT_TEST_POSTGRES_FILE:?needs the pg fixture}")
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$conninfo"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/home"
ln -s "$(readlink -f "$binary")" "$work/bin/sediment"

# The section's shell blocks, in order.
awk '/^### Setting up a team$/ { on = 1; next }
     on && /^### / { exit }
     on && /^```sh$/ { block = 1; next }
     on && block && /^```$/ { block = 0; print ""; next }
     on && block { print }' "$guide" >"$work/steps.sh"
[ "$(grep -c 'sediment' "$work/steps.sh")" -ge 10 ] || {
    echo "team_guide_test: no 'Setting up a team' steps found in $guide" >&2
    exit 1
}

out=$(cd "$work/home" && env HOME="$work/home" PATH="$work/bin:$PATH" \
    PGHOST="$(field host)" PGPORT="$(field port)" PGUSER="$(field user)" \
    bash -euo pipefail "$work/steps.sh" 2>&1) || {
    printf '%s\n' "$out" >&2
    echo "team_guide_test: a step of the guide failed (output above)" >&2
    exit 1
}
printf '%s\n' "$out"

memory=$(cat "$work/home/agentbox/memories/MEMORY.md")
[ "$memory" = "Deploys happen on Tuesdays." ] || {
    echo "team_guide_test: agentbox's MEMORY.md holds '$memory'" >&2
    exit 1
}
grep -q "waiting for agentbox" <<<"$out" || {
    echo "team_guide_test: Grace's approval did not wait for agentbox" >&2
    exit 1
}
grep -q "intact" <<<"$out" || {
    echo "team_guide_test: the audit chain was not reported intact" >&2
    exit 1
}
# What each role holds afterwards: the tables are the owner's alone.
granted=$(psql -d team -XAtc "SELECT count(*) FROM information_schema.role_table_grants
    WHERE table_schema = 'acme' AND privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
    AND grantee <> 'ada'" -h "$(field host)" -p "$(field port)" -U "$(field user)")
[ "$granted" = 0 ] || {
    echo "team_guide_test: $granted write privileges on acme's tables held by roles other than its owner" >&2
    exit 1
}
echo "team_guide_test: the guide's setup works, from CREATE ROLE to the first decision"
