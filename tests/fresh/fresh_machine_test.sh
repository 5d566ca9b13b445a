#!/usr/bin/env bash
# fresh_machine: proves that a bare Debian 12 system builds and runs Sediment from what the
# repository says, and nothing a developer once installed by hand.
#   1. In a throw-away minimal bookworm root (mmdebstrap --variant=minbase), `.ci/deps` is run as
#      root with no sudo, then `cmake --preset ci` configures. Configure looks for every library
#      and program the build and the tests use (cmake/RequiredTools.cmake), so a package missing
#      from .ci/deps fails here, and the failure line names it.
#   2. The .deb built from this build tree is installed with apt into another minimal root, and
#      `sediment --version`, `sediment init --demo` and `sediment --screenshot` under xvfb-run run
#      there: the package's Depends are enough for a real window.
# Downloaded packages are kept between runs in $SEDIMENT_FRESH_CACHE (default
# ~/.cache/sediment-fresh), so only the first run waits for the archive.
# Usage: fresh_machine_test.sh SOURCE_DIR BUILD_DIR CPACK VERSION
set -uo pipefail

source_dir=$1 build_dir=$2 cpack=$3 version=$4
cache=${SEDIMENT_FRESH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sediment-fresh}/archives
out=$build_dir/fresh # logs and the screenshot, kept for a look after the run
passed=0
failed=0

pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: building a root with mmdebstrap --mode=root needs root (CI runs as root)"
    exit 77
fi
for tool in mmdebstrap "$cpack"; do
    command -v "$tool" >/dev/null || { fail "'$tool' is installed (bash .ci/deps)"; finish; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$out"
mkdir -p "$out" "$cache"

# The package sources and apt settings of this machine, so the roots fetch from where its own
# apt fetches. Some archives here serve Release files past their Valid-Until date.
. "$(dirname "${BASH_SOURCE[0]}")/apt_sources.sh"
[ ${#sources[@]} -gt 0 ] || { fail "this machine has an apt source to fetch bookworm from"; finish; }

# mmdebstrap SUITE-ARGS...: a minimal bookworm root that lives only for its hooks, fed from and
# feeding the package cache (mmdebstrap's own recipe: keep the essential packages' files).
bootstrap() {
    mmdebstrap --variant=minbase --mode=root --skip=essential/unlink \
        --aptopt='Acquire::Check-Valid-Until "false"' \
        --setup-hook='mkdir -p "$1"/var/cache/apt/archives' \
        --setup-hook="sync-in $cache/ /var/cache/apt/archives/" \
        "$@" \
        --customize-hook="sync-out /var/cache/apt/archives $cache" \
        bookworm /dev/null "${sources[@]}"
}

# The files of the checkout (tracked, plus new files git does not ignore), not the build tree.
mkdir -p "$tmp/src"
if git -C "$source_dir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$source_dir" ls-files -co --exclude-standard -z |
        tar -C "$source_dir" --null --no-recursion -T - -cf - | tar -xf - -C "$tmp/src"
else
    tar -C "$source_dir" --exclude=./build -cf - . | tar -xf - -C "$tmp/src"
fi

# ---- 1. .ci/deps and the configure step on a bare system.
# Each step writes its exit status to $out/<step>.status and its output to $out/<step>.log;
# the hook itself never fails, so the package cache is kept even when a step does.
cat >"$tmp/build-hook.sh" <<EOF
#!/bin/sh
root=\$1
cp -a "$tmp/src" "\$root/src"
step() { name=\$1; shift; chroot "\$root" "\$@" >"$out/\$name.log" 2>&1; echo \$? >"$out/\$name.status"; }
chroot "\$root" useradd -m newcomer
step deps-as-user-without-sudo su newcomer -c 'cd /src && bash .ci/deps'
step deps-as-root sh -c 'cd /src && bash .ci/deps'
step deps-again sh -c 'cd /src && bash .ci/deps'
step deps-as-user-after su newcomer -c 'cd /src && bash .ci/deps'
step configure sh -c 'cd /src && cmake --preset ci'
EOF
chmod +x "$tmp/build-hook.sh"
start=$(date +%s)
if ! bootstrap --customize-hook="$tmp/build-hook.sh" >"$out/bootstrap-build.log" 2>&1; then
    tail -n 20 "$out/bootstrap-build.log"
    fail "mmdebstrap makes a minimal bookworm root (log: $out/bootstrap-build.log)"
    finish
fi
echo "build root: $(($(date +%s) - start)) s"

status() { cat "$out/$1.status" 2>/dev/null || echo missing; }
if [ "$(status deps-as-user-without-sudo)" != 0 ] &&
    grep -q "needs root: run it as root, or install sudo" "$out/deps-as-user-without-sudo.log"; then
    pass ".ci/deps as a normal user without sudo stops and says it needs root or sudo"
else
    cat "$out/deps-as-user-without-sudo.log"
    fail ".ci/deps as a normal user without sudo stops and says it needs root or sudo"
fi
if [ "$(status deps-as-root)" = 0 ]; then
    pass ".ci/deps installs its packages as root, without sudo"
else
    tail -n 30 "$out/deps-as-root.log"
    fail ".ci/deps installs its packages as root, without sudo (log: $out/deps-as-root.log)"
fi
if [ "$(status deps-again)" = 0 ] && [ ! -s "$out/deps-again.log" ]; then
    pass ".ci/deps a second time installs nothing and says nothing"
else
    cat "$out/deps-again.log"
    fail ".ci/deps a second time installs nothing and says nothing"
fi
if [ "$(status deps-as-user-after)" = 0 ]; then
    pass ".ci/deps as a normal user, with everything installed, needs no sudo"
else
    cat "$out/deps-as-user-after.log"
    fail ".ci/deps as a normal user, with everything installed, needs no sudo"
fi
if [ "$(status configure)" = 0 ]; then
    pass "cmake --preset ci configures on a bare bookworm with only .ci/deps' packages"
else
    # What is missing, in the words CMake, Qt's package files and cmake/RequiredTools.cmake use
    # (CMake wraps long lines: read the log as one line). XKB is optional and always reported.
    missing=$(tr '\n' ' ' <"$out/configure.log" | tr -s ' ' | grep -oE \
        "[A-Za-z0-9_]+ could not be found because dependency [A-Za-z0-9_]+ could not be found|Failed to find required Qt component \"[A-Za-z]+\"|Could NOT find [A-Za-z0-9_]+|Missing (program|header) [^ ]+ \(Debian package [^)]+\)|Could not find a package configuration file provided by \"[^\"]+\"|No CMAKE_CXX_COMPILER could be found|CMake was unable to find a build program corresponding to \"[^\"]+\"" |
        grep -v "Could NOT find XKB" | awk '!seen[$0]++' | head -n 4 | paste -sd ';' -)
    grep -E "CMake Error|Missing (program|header)" "$out/configure.log" | head -n 6
    fail "cmake --preset ci configures on a bare bookworm with only .ci/deps' packages \
(missing: ${missing:-see the log}; log: $out/configure.log)"
fi

# ---- 2. The .deb in a bare root, with a real X window.
if ! "$cpack" --config "$build_dir/CPackConfig.cmake" -B "$tmp/deb" >"$out/cpack.log" 2>&1; then
    tail -n 20 "$out/cpack.log"
    fail "cpack builds the package"
    finish
fi
deb=$(find "$tmp/deb" -maxdepth 1 -name "sediment_${version}_*.deb" | head -n 1)
[ -n "$deb" ] || { fail "cpack writes sediment_${version}_<arch>.deb"; finish; }

cat >"$tmp/run-hook.sh" <<EOF
#!/bin/sh
root=\$1
cp "$deb" "\$root/tmp/sediment.deb"
step() { name=\$1; shift; chroot "\$root" "\$@" >"$out/\$name.log" 2>&1; echo \$? >"$out/\$name.status"; }
step install sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/sediment.deb xvfb xauth'
step version sediment --version
step init-demo sediment init /root/demo --demo
step stats sediment --workspace /root/demo stats --json
step screenshot sh -c 'HOME=/root xvfb-run -a -s "-screen 0 1400x900x24" sediment --workspace /root/demo --screenshot /root/inbox.png && test -s /root/inbox.png'
cp "\$root/root/inbox.png" "$out/inbox.png" 2>/dev/null
exit 0
EOF
chmod +x "$tmp/run-hook.sh"
start=$(date +%s)
if ! bootstrap --customize-hook="$tmp/run-hook.sh" >"$out/bootstrap-run.log" 2>&1; then
    tail -n 20 "$out/bootstrap-run.log"
    fail "mmdebstrap makes a second minimal bookworm root (log: $out/bootstrap-run.log)"
    finish
fi
echo "run root: $(($(date +%s) - start)) s"

# check STEP DESCRIPTION [EXTRA-CONDITION]: a step passed when it exited 0 (and the condition holds).
check_step() {
    local name=$1 what=$2 extra=${3:-true}
    if [ "$(status "$name")" = 0 ] && eval "$extra"; then
        pass "$what"
    else
        # What the loader or Qt says is missing is in the step's own output.
        tail -n 15 "$out/$name.log"
        fail "$what (log: $out/$name.log)"
    fi
}
check_step install "apt installs the .deb and its Depends into a bare bookworm root"
check_step version "sediment --version runs there" "grep -q '$version' '$out/version.log'"
check_step init-demo "sediment init --demo fills a workspace there"
check_step stats "sediment stats reads the demo workspace there" "grep -q '\"pending\"' '$out/stats.log'"
check_step screenshot "sediment --screenshot draws the window under xvfb-run there ($out/inbox.png)"

finish
