# Writes sediment(1) from the built command line's own help, so the man page and
# `sediment --help` / `sediment help VERB` can never disagree. Verbs are discovered from the
# "Verbs:" section of `sediment --help`, so a new verb appears here without editing this file.
#
# cmake -DSEDIMENT=<binary> -DOUTDIR=<dir> -DVERSION=<x.y.z> -DSUMMARY=<one line>
#       -DSCRATCH=<dir> -DGZIP=<gzip> -P gen_manpage.cmake
# Produces OUTDIR/sediment.1, OUTDIR/sediment.1.gz and OUTDIR/sediment-gui.1.gz (a .so link).
cmake_minimum_required(VERSION 3.25)

foreach(var SEDIMENT OUTDIR VERSION SUMMARY SCRATCH GZIP)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
        message(FATAL_ERROR "gen_manpage: ${var} is not set")
    endif()
endforeach()

# Semicolons and brackets mean something to CMake lists; hide them while the text is a list.
string(ASCII 1 SEMI)
string(ASCII 2 LBR)
string(ASCII 3 RBR)

function(run_cli out_var)
    execute_process(
        COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C.UTF-8 SEDIMENT_WORKSPACE=${SCRATCH}
                "${SEDIMENT}" --workspace "${SCRATCH}" ${ARGN}
        OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "gen_manpage: 'sediment ${ARGN}' failed (${rc}): ${err}")
    endif()
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

function(to_lines out_var text)
    string(REPLACE ";" "${SEMI}" text "${text}")
    string(REPLACE "[" "${LBR}" text "${text}")
    string(REPLACE "]" "${RBR}" text "${text}")
    string(REGEX REPLACE "\n+$" "" text "${text}")
    string(REPLACE "\n" ";" text "${text}")
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# Brings back the list characters to_lines hid.
function(restore_list_characters var)
    string(REPLACE "${SEMI}" ";" text "${${var}}")
    string(REPLACE "${LBR}" "[" text "${text}")
    string(REPLACE "${RBR}" "]" text "${text}")
    set(${var} "${text}" PARENT_SCOPE)
endfunction()

# Plain text to roff: backslashes and dashes escaped, control characters at a line start
# neutralised, the hidden list characters restored.
function(roff out_var line)
    string(REPLACE "\\" "\\e" line "${line}")
    string(REPLACE "-" "\\-" line "${line}")
    restore_list_characters(line)
    if(line MATCHES "^[.']")
        set(line "\\&${line}")
    endif()
    set(${out_var} "${line}" PARENT_SCOPE)
endfunction()

# A preformatted, indented block: a verb's help keeps its own layout. Lists are passed by name
# so that their empty lines survive.
function(verbatim out_var list_var)
    set(body ".RS 4\n.nf\n")
    foreach(line IN LISTS ${list_var})
        roff(line "${line}")
        string(APPEND body "${line}\n")
    endforeach()
    string(APPEND body ".fi\n.RE\n")
    set(${out_var} "${body}" PARENT_SCOPE)
endfunction()

# `text` cut at `gap` (a string(FIND) result): what stands before it, and what follows it
# stripped; all of it and nothing when there is no gap.
function(split_at text gap head_var rest_var)
    if(gap EQUAL -1)
        set(head "${text}")
        set(rest "")
    else()
        string(SUBSTRING "${text}" 0 ${gap} head)
        string(SUBSTRING "${text}" ${gap} -1 rest)
        string(STRIP "${rest}" rest)
    endif()
    set(${head_var} "${head}" PARENT_SCOPE)
    set(${rest_var} "${rest}" PARENT_SCOPE)
endfunction()

# "  TERM   description" as a tagged paragraph; TERM's first word bold, the rest italic.
function(two_column out_var list_var)
    set(body "")
    foreach(line IN LISTS ${list_var})
        string(REGEX REPLACE "^ +" "" stripped "${line}")
        string(LENGTH "${line}" full)
        string(LENGTH "${stripped}" bare)
        math(EXPR indent "${full} - ${bare}")
        string(FIND "${stripped}" "  " gap)
        if(indent GREATER 2 AND NOT body STREQUAL "")
            roff(text "${stripped}")
            string(APPEND body "${text}\n")
            continue()
        endif()
        split_at("${stripped}" ${gap} term desc)
        string(FIND "${term}" " " space)
        if(space EQUAL -1)
            roff(tag "${term}")
            set(tag "\\fB${tag}\\fR")
        else()
            string(SUBSTRING "${term}" 0 ${space} head)
            math(EXPR space "${space} + 1")
            string(SUBSTRING "${term}" ${space} -1 tail)
            roff(head "${head}")
            roff(tail "${tail}")
            set(tag "\\fB${head}\\fR \\fI${tail}\\fR")
        endif()
        roff(desc "${desc}")
        string(APPEND body ".TP\n${tag}\n${desc}\n")
    endforeach()
    set(${out_var} "${body}" PARENT_SCOPE)
endfunction()

run_cli(help_text --help)
to_lines(help_lines "${help_text}")
list(APPEND help_lines "") # a final blank line closes the last block

set(synopsis "")
set(description "")
set(sections "")
set(verbs "")
set(verb_summaries "")
set(block "")
foreach(line IN LISTS help_lines)
    if(NOT line STREQUAL "")
        list(APPEND block "${line}")
        continue()
    endif()
    if(block STREQUAL "")
        continue()
    endif()
    list(GET block 0 first)
    if(first MATCHES "^Usage: *(.*)$")
        foreach(usage IN LISTS block)
            if(usage MATCHES "^(Usage:)? *(.*)$")
                set(usage "${CMAKE_MATCH_2}")
            endif()
            roff(usage "${usage}")
            string(REGEX REPLACE "^sediment" "\\\\fBsediment\\\\fR" usage "${usage}")
            string(APPEND synopsis "${usage}\n.br\n")
        endforeach()
    elseif(first MATCHES "^([A-Z][A-Za-z ]*):$")
        set(heading "${CMAKE_MATCH_1}")
        list(REMOVE_AT block 0)
        if(heading STREQUAL "Verbs")
            foreach(entry IN LISTS block)
                string(REGEX REPLACE "^ +" "" entry "${entry}")
                string(FIND "${entry}" " " gap)
                split_at("${entry}" ${gap} name summary)
                list(APPEND verbs "${name}")
                list(APPEND verb_summaries "${summary}")
            endforeach()
        else()
            string(TOUPPER "${heading}" title)
            if(title MATCHES "OPTIONS$")
                set(title "OPTIONS")
            endif()
            two_column(body block)
            string(APPEND sections ".SH ${title}\n${body}")
        endif()
    elseif(first MATCHES "^([A-Z][a-z]+( [a-z]+)?( [a-z]+)?): (.*)$")
        string(TOUPPER "${CMAKE_MATCH_1}" title)
        if(title STREQUAL "EXIT CODES")
            set(title "EXIT STATUS")
        endif()
        list(REMOVE_AT block 0)
        roff(text "${CMAKE_MATCH_4}")
        string(APPEND sections ".SH ${title}\n${text}\n")
        foreach(more IN LISTS block)
            roff(more "${more}")
            string(APPEND sections "${more}\n")
        endforeach()
    else()
        if(NOT description STREQUAL "")
            string(APPEND description ".PP\n")
        endif()
        foreach(text IN LISTS block)
            string(STRIP "${text}" text)
            roff(text "${text}")
            string(APPEND description "${text}\n")
        endforeach()
    endif()
    set(block "")
endforeach()

list(LENGTH verbs verb_count)
if(verb_count EQUAL 0 OR synopsis STREQUAL "")
    message(FATAL_ERROR "gen_manpage: no Usage or Verbs section in 'sediment --help'")
endif()

string(CONCAT verb_section
    ".SH VERBS\nEach verb also answers \\fBsediment help\\fR \\fIVERB\\fR and "
    "\\fBsediment\\fR \\fIVERB\\fR \\fB\\-\\-help\\fR with the text below.\n")
math(EXPR last "${verb_count} - 1")
foreach(i RANGE ${last})
    list(GET verbs ${i} name)
    list(GET verb_summaries ${i} summary)
    run_cli(usage help "${name}")
    to_lines(usage_lines "${usage}")
    verbatim(body usage_lines)
    roff(name_roff "${name}")
    roff(summary "${summary}")
    string(APPEND verb_section ".SS ${name_roff}\n${summary}\n.PP\n${body}")
endforeach()

string(TIMESTAMP today "%Y-%m-%d" UTC) # honours SOURCE_DATE_EPOCH for reproducible builds
roff(summary_roff "${SUMMARY}")
string(CONCAT page
    ".\\\" Generated by packaging/gen_manpage.cmake from `sediment --help`; do not edit.\n"
    ".TH SEDIMENT 1 \"${today}\" \"Sediment ${VERSION}\" \"User Commands\"\n"
    ".SH NAME\nsediment \\- ${summary_roff}\n"
    ".SH SYNOPSIS\n${synopsis}"
    ".SH DESCRIPTION\n${description}"
    "${sections}"
    "${verb_section}")

file(MAKE_DIRECTORY "${OUTDIR}")
file(WRITE "${OUTDIR}/sediment.1" "${page}")
file(WRITE "${OUTDIR}/sediment-gui.1" ".so man1/sediment.1\n")
foreach(page sediment sediment-gui)
    # -n: no name or time stamp inside, so the package is reproducible (lintian checks it).
    execute_process(COMMAND "${GZIP}" -9 -n -c "${OUTDIR}/${page}.1"
                    OUTPUT_FILE "${OUTDIR}/${page}.1.gz" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "gen_manpage: gzip failed on ${page}.1")
    endif()
endforeach()
