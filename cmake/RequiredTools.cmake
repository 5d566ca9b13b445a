# The programs the test suites and the packaging call, looked for at configure time so that a
# machine missing one fails here with the Debian package to install (all of them are in
# .ci/deps), not later in the middle of a test run as a skip or a puzzling failure.
function(sediment_require_program var program package why)
    find_program(${var} ${program})
    if(NOT ${var})
        message(FATAL_ERROR "Missing program '${program}' (Debian package ${package}), needed for "
                            "${why}. `bash .ci/deps` installs it.")
    endif()
endfunction()

if(SEDIMENT_REQUIRE_CCACHE)
    sediment_require_program(SEDIMENT_CCACHE ccache ccache "the compiler cache CI builds with")
endif()

if(SEDIMENT_BUILD_TESTS)
    sediment_require_program(SEDIMENT_DESKTOP_FILE_VALIDATE desktop-file-validate
        desktop-file-utils "the packaging test (desktop file)")
    sediment_require_program(SEDIMENT_APPSTREAMCLI appstreamcli appstream
        "the packaging test (AppStream metainfo)")
    sediment_require_program(SEDIMENT_DPKG_SHLIBDEPS dpkg-shlibdeps dpkg-dev
        "the .deb's dependencies")
    sediment_require_program(SEDIMENT_FILE file file "the .deb's dependencies")
    sediment_require_program(SEDIMENT_XVFB_RUN xvfb-run xvfb "the packaging test's real window")
    sediment_require_program(SEDIMENT_XAUTH xauth xauth "xvfb-run")
    sediment_require_program(SEDIMENT_MMDEBSTRAP mmdebstrap mmdebstrap
        "the fresh-machine test (tests/fresh)")
    sediment_require_program(SEDIMENT_CLANG16 clang++-16 clang-16
        "the parsers' fuzz targets (the fuzz preset, .ci/fuzz)")
    # libFuzzer's runtime: without it clang++-16 -fsanitize=fuzzer cannot link.
    find_file(SEDIMENT_LIBFUZZER libclang_rt.fuzzer-x86_64.a libclang_rt.fuzzer.a
              PATHS /usr/lib/llvm-16/lib/clang/16/lib/linux /usr/lib/llvm-16/lib/clang/16.0.6/lib/linux
              NO_DEFAULT_PATH)
    if(NOT SEDIMENT_LIBFUZZER AND CMAKE_SYSTEM_PROCESSOR STREQUAL "x86_64")
        message(FATAL_ERROR "Missing libFuzzer's runtime for clang 16 (Debian package "
                            "libclang-rt-16-dev), needed for the parsers' fuzz targets. "
                            "`bash .ci/deps` installs it.")
    endif()
    # The team-mode tests' own PostgreSQL 15 server (tests/support/pg_server.sh) and its psql:
    # Debian keeps them out of PATH, in one folder per major version.
    foreach(program initdb psql)
        find_program(SEDIMENT_PG_${program} ${program} PATHS /usr/lib/postgresql/15/bin
                     NO_DEFAULT_PATH)
        if(NOT SEDIMENT_PG_${program})
            message(FATAL_ERROR "Missing program '/usr/lib/postgresql/15/bin/${program}' (Debian "
                                "package postgresql), needed for the team-mode tests' PostgreSQL "
                                "server. `bash .ci/deps` installs it.")
        endif()
    endforeach()
    get_filename_component(SEDIMENT_PG_BINDIR ${SEDIMENT_PG_initdb} DIRECTORY)
endif()
