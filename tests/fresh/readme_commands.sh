#!/usr/bin/env bash
# Runs the README's two set-up commands, copied from the README as they stand, in a bare
# Debian 12 root (mmdebstrap --variant=minbase) with nothing installed beforehand but Debian's
# base system, and prints each command's wall time (what a newcomer waits for) and CPU time.
# Command 2 runs after command 1 in the same root, as a newcomer who ran both would: it finds the
# packages installed and the compiler cache command 1 filled. Not run by ctest (a cold build and
# a full test run take a while); run it by hand, as root, when the README's commands or
# .ci/deps change:
#   bash tests/fresh/readme_commands.sh [SOURCE_DIR] [OUT_DIR]
# The first command ends by opening the app on the demo workspace: here its window goes to an
# Xvfb of this machine, and the command counts as done once the window's process has been up for
# 10 seconds, after which it is closed.
set -uo pipefail

source_dir=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
out=${2:-$PWD/readme-commands}
[ "$(id -u)" -eq 0 ] || { echo "readme_commands.sh: run as root (mmdebstrap --mode=root)" >&2; exit 2; }
command -v mmdebstrap >/dev/null || { echo "readme_commands.sh: needs mmdebstrap (bash .ci/deps)" >&2; exit 2; }
mkdir -p "$out"

# The two commands: the shell blocks under the README's "Set up" heading, in order.
mapfile -t commands < <(awk '/^## Set up/ { on = 1; next } /^## / { on = 0 }
    on && /^```sh/ { grab = 1; next } grab && /^```/ { grab = 0; next } grab { print }' \
    "$source_dir/README.md")
[ ${#commands[@]} -eq 2 ] || { echo "expected two set-up commands in README.md, found ${#commands[@]}" >&2; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/apt_sources.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src"
git -C "$source_dir" ls-files -co --exclude-standard -z |
    tar -C "$source_dir" --null --no-recursion -T - -cf - | tar -xf - -C "$tmp/src"
printf '%s\n' "${commands[0]}" >"$tmp/command1.sh"
printf '%s\n' "${commands[1]}" >"$tmp/command2.sh"

display=$((90 + RANDOM % 9))

# Command 1 in the background; done when sediment-gui has stayed up. A bare system has no pgrep:
# processes are found through /proc.
cat >"$tmp/run1.sh" <<'EOF'
#!/bin/bash
gui_pid() {
    local c
    for c in /proc/[0-9]*/comm; do
        [ "$(cat "$c" 2>/dev/null)" = sediment-gui ] && { c=${c#/proc/}; echo "${c%/comm}"; return 0; }
    done
    return 1
}
cd /src
bash /tmp/command1.sh &
pid=$!
while kill -0 $pid 2>/dev/null; do
    if gui=$(gui_pid); then
        sleep 10
        if kill -0 "$gui" 2>/dev/null; then echo "window up for 10 s"; kill "$gui"; wait $pid; exit 0; fi
        echo "sediment-gui exited within 10 s"; wait $pid; exit 1
    fi
    sleep 0.2
done
wait $pid
exit $?
EOF
# The window's display is an Xvfb on this machine (not one the command installs, so the run
# stays as cold as a newcomer's): its socket folder is bound into the root.
cat >"$tmp/hook.sh" <<EOF
#!/bin/bash
root=\$1
cp -a "$tmp/src" "\$root/src"
cp "$tmp/command1.sh" "$tmp/command2.sh" "$tmp/run1.sh" "\$root/tmp/"
mkdir -p "\$root/tmp/.X11-unix"
mount --bind /tmp/.X11-unix "\$root/tmp/.X11-unix"
# Unbound however the hook ends: the root is deleted afterwards, and the bound folder is the
# machine's own.
trap 'umount "\$root/tmp/.X11-unix" 2>/dev/null' EXIT
TIMEFORMAT='%R s wall, %U s user, %S s sys (children)'
timed() {
    name=\$1; shift
    { time chroot "\$root" "\$@" >"$out/\$name.log" 2>&1; echo \$? >"$out/\$name.status"; } 2>"$out/\$name.time"
}
timed command1 env DISPLAY=:$display bash /tmp/run1.sh
timed command2 bash -c 'cd /src && bash /tmp/command2.sh'
exit 0
EOF
chmod +x "$tmp/hook.sh"
Xvfb ":$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$tmp"' EXIT

mmdebstrap --variant=minbase --mode=root --aptopt='Acquire::Check-Valid-Until "false"' \
    --customize-hook="$tmp/hook.sh" bookworm /dev/null "${sources[@]}" >"$out/bootstrap.log" 2>&1 ||
    { tail -n 20 "$out/bootstrap.log"; exit 1; }

rc=0
for n in 1 2; do
    echo "command $n: ${commands[$((n - 1))]}"
    echo "  exit $(cat "$out/command$n.status"), $(cat "$out/command$n.time" | tail -n 1)"
    [ "$(cat "$out/command$n.status")" = 0 ] || { tail -n 30 "$out/command$n.log"; rc=1; }
done
exit $rc
