#!/usr/bin/env bash
# A throw-away PostgreSQL 15 server for the team-mode tests: its own cluster in a fresh temporary
# folder, reachable only on a Unix socket in that folder, tuned for speed, not durability.
# Usage: pg_server.sh start STATE_DIR   writes STATE_DIR/conninfo (one libpq connection string:
#                                       host=<socket folder> port=<port> user=sediment_test
#                                       dbname=postgres) and STATE_DIR/datadir (the folder)
#        pg_server.sh stop STATE_DIR    stops it and removes the folder and the state files
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user the Debian
# package creates; as anyone else it runs as that user.
# SEDIMENT_PG_BINDIR overrides where initdb, pg_ctl and psql are (default: Debian 12's).
set -uo pipefail

bindir=${SEDIMENT_PG_BINDIR:-/usr/lib/postgresql/15/bin}
port=54329 # fixed: the socket folder is unique, so two servers on one port do not collide
user=sediment_test

die() { echo "pg_server.sh: $*" >&2; exit 1; }

if [ $# -ne 2 ] || [[ "$1" != start && "$1" != stop ]]; then
    die "usage: pg_server.sh start|stop STATE_DIR"
fi
action=$1
mkdir -p "$2" || die "cannot create the state folder $2"
state=$(cd "$2" && pwd) # absolute: we change directory below
# A folder every user can enter, so that neither postgres nor psql warns it cannot.
cd /

as_server_user=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 ||
        die "running as root needs the 'postgres' user (Debian package postgresql: apt-get install postgresql)"
    as_server_user=(runuser -u postgres --)
fi

stop() {
    local dir
    dir=$(cat "$state/datadir" 2>/dev/null) || dir=
    # Only a folder this script made is removed, whatever the state file says.
    if [ -n "$dir" ] && [ -d "$dir" ] && [[ "$(basename "$dir")" == sediment-pg.* ]]; then
        if [ -f "$dir/data/postmaster.pid" ]; then
            # immediate: no checkpoint, the cluster is thrown away anyway.
            "${as_server_user[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop \
                >/dev/null 2>&1 || {
                # pg_ctl could not stop it (a killed postmaster's stale pid file, or a missing
                # pg_ctl): a postmaster still alive is killed; its children follow it on its death.
                local pid
                pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null)
                [[ "$pid" =~ ^[0-9]+$ ]] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = postgres ] &&
                    kill -9 "$pid" 2>/dev/null
            }
        fi
        rm -rf "$dir"
    fi
    rm -f "$state/conninfo" "$state/datadir"
}

if [ "$action" = stop ]; then
    stop
    exit 0
fi

# ---- start
for tool in initdb pg_ctl pg_isready; do
    [ -x "$bindir/$tool" ] ||
        die "missing $bindir/$tool: install the Debian package postgresql (apt-get install postgresql, or bash .ci/deps)"
done
stop # a server an earlier run left behind (a crash, a killed ctest)
# From here on, a start that fails leaves nothing behind.
trap '[ -s "$state/conninfo" ] || stop' EXIT

# The server user makes the folder, so it owns it even when we are root; it must be able to
# reach ${TMPDIR:-/tmp}, which is why the build tree is not used.
dir=$("${as_server_user[@]}" mktemp -d "${TMPDIR:-/tmp}/sediment-pg.XXXXXXXX") ||
    die "cannot make a temporary folder in ${TMPDIR:-/tmp} as $("${as_server_user[@]}" id -un)"
echo "$dir" >"$state/datadir"
# A socket path longer than 107 bytes cannot be bound: say so rather than let the server fail.
[ ${#dir} -le 90 ] || die "temporary folder path too long for a Unix socket: $dir (set TMPDIR)"

# trust: only the socket, in a folder only the server user (and root) can enter, reaches it.
# --no-sync: nothing has to survive a power cut.
if ! "${as_server_user[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U "$user" -E UTF8 \
    --locale=C --no-sync >"$state/initdb.log" 2>&1; then
    tail -n 20 "$state/initdb.log" >&2
    rm -f "$state/initdb.log"
    die "initdb failed (log above)"
fi
rm -f "$state/initdb.log"

# No TCP at all; durability off (fsync, full-page writes, synchronous commit): tests run faster.
"${as_server_user[@]}" tee -a "$dir/data/postgresql.conf" >/dev/null <<EOF
listen_addresses = ''
unix_socket_directories = '$dir'
port = $port
max_connections = 100
fsync = off
full_page_writes = off
synchronous_commit = off
EOF

if ! "${as_server_user[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    start >/dev/null ||
    ! "$bindir/pg_isready" -q -h "$dir" -p "$port" -U "$user" -d postgres -t 10; then
    echo "--- server log ($dir/server.log), last lines:" >&2
    tail -n 20 "$dir/server.log" >&2
    die "the PostgreSQL server did not start"
fi
echo "host=$dir port=$port user=$user dbname=postgres" >"$state/conninfo"
