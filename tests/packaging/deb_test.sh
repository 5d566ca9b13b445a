#!/usr/bin/env bash
# packaging_deb: builds the .deb with CPack, unpacks it with dpkg -x into a temporary root and
# runs what was unpacked, so what is checked is the package a user installs, not the build tree.
# Usage: deb_test.sh BUILD_DIR CPACK VERSION APP_ID "ICON SIZES"
set -uo pipefail

build_dir=$1 cpack=$2 version=$3 app_id=$4 sizes=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
# check DESCRIPTION COMMAND...: one line of verdict per expectation.
check() {
    local what=$1
    shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

# 1. Build the package into the temporary folder (CPack's staging area goes there too).
if ! "$cpack" --config "$build_dir/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1; then
    cat "$tmp/cpack.log"
    fail "cpack builds the package"
    finish
fi
deb=$(find "$tmp/out" -maxdepth 1 -name "sediment_${version}_*.deb" | head -n 1)
if [ -z "$deb" ]; then
    ls -l "$tmp/out"
    fail "cpack writes sediment_${version}_<arch>.deb"
    finish
fi
pass "cpack writes $(basename "$deb")"

# 2. Control fields: name, version and the Qt 6 / SQLite runtime dependencies.
field() { dpkg-deb -f "$deb" "$1"; }
check "Package is sediment" [ "$(field Package)" = sediment ]
check "Version is $version" [ "$(field Version)" = "$version" ]
check "Section is set" [ -n "$(field Section)" ]
check "Maintainer is set" [ -n "$(field Maintainer)" ]
depends=$(field Depends)
echo "Depends: $depends"
for pkg in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libsqlite3-0; do
    check "Depends names $pkg" grep -Eq "(^|, )$pkg( |,|$)" <<<"$depends"
done

# 3. Unpack it as dpkg would install it, into a root of our own.
root=$tmp/root
if ! dpkg -x "$deb" "$root"; then
    fail "dpkg -x unpacks the package"
    finish
fi
bin=$root/usr/bin/sediment
for f in usr/bin/sediment usr/bin/sediment-gui \
    "usr/share/applications/$app_id.desktop" "usr/share/metainfo/$app_id.metainfo.xml" \
    "usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
    usr/share/man/man1/sediment.1.gz usr/share/man/man1/sediment-gui.1.gz; do
    check "the package holds /$f" [ -s "$root/$f" ]
done
for size in $sizes; do
    png=$root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png
    if command -v file >/dev/null; then
        check "the ${size}px icon is a ${size}x${size} PNG" \
            grep -q "PNG image data, $size x $size" <<<"$(file -b "$png")"
    else
        check "the ${size}px icon exists" [ -s "$png" ]
    fi
done

# Both programs link the system's SQLite, so apt's security updates of it reach them without a
# rebuild (docs/install.md); nettle, opened at run time, is a dependency all the same.
needed() { readelf -d "$1" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'; }
for prog in sediment sediment-gui; do
    libs=$(needed "$root/usr/bin/$prog")
    check "/usr/bin/$prog links libsqlite3.so dynamically" grep -q "^libsqlite3.so" <<<"$libs"
done
for pkg in libsqlite3-0 libnettle8; do
    check "Depends names $pkg" grep -Eq "(^|, )$pkg( |,|$)" <<<"$depends"
done

# 4. The unpacked command line runs: version, help, every verb's help.
ws=$tmp/workspace
check "unpacked 'sediment --version' prints 'sediment $version'" \
    [ "$("$bin" --version 2>&1)" = "sediment $version" ]
help=$("$bin" --workspace "$ws" help 2>&1)
check "unpacked 'sediment help' lists the verbs" grep -q '^Verbs:' <<<"$help"
verbs=$(awk '/^Verbs:/ { on = 1; next } on && /^$/ { exit } on { print $1 }' <<<"$help")
check "at least one verb is listed" [ -n "$verbs" ]
man_page=$(gzip -dc "$root/usr/share/man/man1/sediment.1.gz")
for verb in $verbs; do
    # grep reads the whole help: with -q it would stop at the first line, and a help written in
    # several writes would then die of SIGPIPE under pipefail (a flaky failure).
    check "'sediment help $verb' answers" \
        eval '"$bin" --workspace "$ws" help "$verb" | grep "sediment $verb" >/dev/null'
    check "the man page has a section for '$verb'" \
        grep -Fxq ".SS ${verb//-/\\-}" <<<"$man_page"
done
if grep -qx stats <<<"$verbs"; then
    check "unpacked 'sediment stats --json' prints JSON" \
        grep -q '^{' <<<"$("$bin" --workspace "$ws" stats --json 2>&1)"
fi
if grep -qx init <<<"$verbs"; then
    check "unpacked 'sediment init' creates a workspace database" \
        eval '"$bin" init "$tmp/fresh" >/dev/null && [ -s "$tmp/fresh/sediment.db" ]'
fi
if command -v groff >/dev/null; then
    warnings=$(groff -man -Tutf8 -ww -z <<<"$man_page" 2>&1)
    [ -z "$warnings" ] || echo "$warnings"
    check "groff formats the man page without warnings" [ -z "$warnings" ]
fi

# 5. With no verb, the unpacked 'sediment' starts the unpacked 'sediment-gui' beside it.
shot=$tmp/screenshot.png
QT_QPA_PLATFORM=offscreen timeout 60 "$bin" --workspace "$ws" --screenshot "$shot" \
    >"$tmp/gui.log" 2>&1
status=$?
[ "$status" -eq 0 ] || cat "$tmp/gui.log"
check "unpacked 'sediment --screenshot' runs sediment-gui and writes a PNG" \
    eval '[ "$status" -eq 0 ] && [ -s "$shot" ]'

# 5b. The same in a real X window (the xcb platform plugin, as on a desktop), not offscreen.
shot_x=$tmp/screenshot-x11.png
env -u QT_QPA_PLATFORM timeout 90 xvfb-run -a -s "-screen 0 1400x900x24" \
    "$bin" --workspace "$ws" --screenshot "$shot_x" >"$tmp/gui-x11.log" 2>&1
status=$?
[ "$status" -eq 0 ] || cat "$tmp/gui-x11.log"
check "unpacked 'sediment --screenshot' draws a real X window under xvfb-run" \
    eval '[ "$status" -eq 0 ] && [ -s "$shot_x" ]'

# 6. Desktop integration files pass their validators, with no warning either.
desktop=$root/usr/share/applications/$app_id.desktop
check "the desktop file's Exec is the packaged 'sediment'" \
    eval '[ "$(sed -n "s/^Exec=\([^ ]*\).*/\1/p" "$desktop")" = sediment ]'
check "the desktop file's Icon is the packaged icon name" grep -qx "Icon=$app_id" "$desktop"
# Both validators are required at configure time (cmake/RequiredTools.cmake), so none is skipped.
report=$(desktop-file-validate "$desktop" 2>&1)
status=$?
[ -z "$report" ] || echo "$report"
check "desktop-file-validate passes with nothing to say" \
    eval '[ "$status" -eq 0 ] && [ -z "$report" ]'
metainfo=$root/usr/share/metainfo/$app_id.metainfo.xml
report=$(appstreamcli validate --no-net --strict "$metainfo" 2>&1)
status=$?
echo "$report"
check "appstreamcli validate passes with no error or warning" \
    eval '[ "$status" -eq 0 ] && ! grep -Eq "^(E|W):" <<<"$report"'

finish
