# SPDX-License-Identifier: GPL-2.0-only
#
# Shell functions shared by utils/quickstart (the README's two commands) and .ci/run.
# Source it; it defines functions only. Every build goes to its own directory, so the backends
# (Debian ns-3, the PyPI wheel, an ns-3 source tree) never see each other's files.

ATM_ROOT=${ATM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
ATM_CACHE=${ATM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ns3-atm}
ATM_WHEEL_VERSION=${ATM_WHEEL_VERSION:-3.44.post0}
ATM_PASSED=${ATM_PASSED:-0}
ATM_FAILED=${ATM_FAILED:-0}
ATM_FAILURES=${ATM_FAILURES:-}

atm_log() { printf '\033[1m[atm]\033[0m %s\n' "$*" >&2; }
atm_die() { printf '[atm] error: %s\n' "$*" >&2; exit 1; }

# Run a command as root (directly, or through sudo).
atm_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        atm_die "need root (or sudo) to run: $*"
    fi
}

# Install the Debian/Ubuntu packages given as arguments, if any is missing.
atm_apt_install() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    atm_log "installing ${missing[*]}"
    command -v apt-get >/dev/null || atm_die "apt-get not found: install ${missing[*]} by hand"
    atm_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    atm_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Packages for the standalone build against Debian/Ubuntu's ns-3 (libns3-dev's CMake package also
# needs the ns3 package's files).
atm_deps_debian() {
    # libns3-dev's CMake targets link these -dev libraries by absolute path without depending on them.
    # tshark: the pcap test checks that Wireshark's dissectors decode the SunATM traces.
    # python3-matplotlib, python3-pandas: the validation runner's figures and its DataFrame export
    #   (utils/atm-validation; a virtualenv takes utils/requirements.txt instead).
    # python3-sphinx: the manual (doc/) is built to HTML with warnings as errors (atm_check_doc).
    # pkg-config: the check that a plain compiler command finds the installed module.
    atm_apt_install build-essential cmake ninja-build python3 libns3-dev ns3 libgtest-dev \
        libgsl-dev libsqlite3-dev libxml2-dev tshark python3-matplotlib python3-pandas python3-sphinx pkg-config
}

# A compiler cache for CI's standalone builds (.ci/run; a user's one build gains nothing from it):
# ccache, keyed on content, its cache under $ATM_CACHE/ccache like the ns-3 trees, so that a CI run
# recompiles only what a change touched in the standalone, wheel and sanitizer builds (together
# about 30 of CI's minutes when compiled from scratch). CMake (>= 3.17) takes
# CMAKE_CXX_COMPILER_LAUNCHER from the environment at the first configure of a build directory.
# The binary comes from Debian's package unpacked under $ATM_CACHE, not installed on PATH: ns-3.37's
# configure adopts any ccache it finds on PATH, which would change every compile command of the
# cached in-tree ns-3 build and rebuild it once from scratch (that backend is left as it was).
# Paths below the clone are hashed relative to it (another clone directory hits the same entries)
# and the working directory is not hashed. Without the cache (a fresh machine) everything
# compiles from scratch, as before.
atm_use_ccache() {
    local pkg=$ATM_CACHE/ccache-pkg
    if ! "$pkg/usr/bin/ccache" --version >/dev/null 2>&1; then
        atm_apt_install libhiredis0.14 || return 1
        rm -rf "$pkg" && mkdir -p "$pkg" \
            && (cd "$pkg" && apt-get download -qq ccache >/dev/null 2>&1 && dpkg -x ccache_*.deb .) \
            && "$pkg/usr/bin/ccache" --version >/dev/null 2>&1 \
            || { atm_log "ccache unavailable: compiling without a cache"; return 0; }
    fi
    export CCACHE_DIR=$ATM_CACHE/ccache
    export CCACHE_BASEDIR=$ATM_ROOT
    export CCACHE_NOHASHDIR=true
    export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
    export CMAKE_CXX_COMPILER_LAUNCHER=$pkg/usr/bin/ccache
    mkdir -p "$CCACHE_DIR"
    "$CMAKE_CXX_COMPILER_LAUNCHER" --zero-stats >/dev/null
    atm_log "ccache: $CMAKE_CXX_COMPILER_LAUNCHER, cache $CCACHE_DIR"
}

# ccache's hit counts since atm_use_ccache (one line), if it is in use.
atm_ccache_stats() {
    [ -n "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ] || return 0
    "$CMAKE_CXX_COMPILER_LAUNCHER" --show-stats 2>/dev/null | grep -E "^ *(Hits|Misses|Cache size)" \
        | tr -s ' ' | paste -sd ';' | sed 's/^/[atm] ccache: /' >&2
}

# Configure and build the standalone module. $1 = build dir, rest = extra CMake arguments.
atm_build_standalone() {
    local dir=$1
    shift
    atm_log "building the atm module in $dir"
    mkdir -p "$dir"
    cmake -S "$ATM_ROOT" -B "$dir" -G Ninja "$@" >"$dir/atm-configure.log" 2>&1 \
        || { cat "$dir/atm-configure.log"; atm_die "CMake configuration failed (log above)"; }
    cmake --build "$dir" -j "$(nproc)" >"$dir/atm-build.log" 2>&1 \
        || { tail -n 60 "$dir/atm-build.log"; atm_die "build failed (last lines above; full log $dir/atm-build.log)"; }
}

# Record one test result. $1 = label, $2 = exit code.
atm_count() {
    if [ "$2" -eq 0 ]; then
        ATM_PASSED=$((ATM_PASSED + 1))
        printf '  PASS  %s\n' "$1"
    else
        ATM_FAILED=$((ATM_FAILED + 1))
        ATM_FAILURES="$ATM_FAILURES $1"
        printf '  FAIL  %s\n' "$1"
    fi
}

# The ns-3 TestSuites of a standalone build, one suite at a time. $1 = build dir, $2 = fullness,
# $3 = label prefix.
atm_run_suites() {
    local dir=$1 fullness=$2 label=$3 suite rc
    local runner="$dir/atm-test-runner"
    [ -x "$runner" ] || atm_die "$runner missing"
    # ns-3 only warns about a test case name with a character its test.py output cannot carry
    # ("/\|?) and runs the case anyway: make it a failure here.
    local listing
    listing=$("$runner" --list 2>&1)
    rc=0
    if grep -q "Invalid test name" <<<"$listing"; then
        grep "Invalid test name" <<<"$listing" | head -n 5
        rc=1
    fi
    atm_count "$label test case names without \"/\\|? (ns-3's rule)" $rc
    # One suite per core at a time (each is one single-threaded process with its own log and
    # temporary directory); the results are counted afterwards in the listing's order.
    local suites
    suites=$("$runner" --list | awk '{print $NF}' | grep '^atm-')
    rm -f "$dir"/suite-*.rc
    printf '%s\n' $suites | xargs -P "$(nproc)" -I{} sh -c \
        '"$1" --suite="$2" --fullness="$3" >"$4/suite-$2.log" 2>&1; echo $? >"$4/suite-$2.rc"' \
        _ "$runner" {} "$fullness" "$dir"
    for suite in $suites; do
        rc=$(cat "$dir/suite-$suite.rc" 2>/dev/null || echo 1)
        [ "$rc" -ne 0 ] && tail -n 30 "$dir/suite-$suite.log"
        atm_count "$label ns-3 suite $suite" "$rc"
    done
}

# The googletest binary: each gtest test counts once. $1 = build dir, $2 = label prefix.
atm_run_gtest() {
    local dir=$1 label=$2 line name
    [ -x "$dir/atm-gtest" ] || return 0
    "$dir/atm-gtest" >"$dir/gtest.log" 2>&1
    while IFS= read -r line; do
        case "$line" in
        "[       OK ] "*) name=${line#\[       OK \] }; atm_count "$label gtest ${name%% (*}" 0 ;;
        "[  FAILED  ] "*"("*) name=${line#\[  FAILED  \] }; atm_count "$label gtest ${name%% (*}" 1 ;;
        esac
    done <"$dir/gtest.log"
    grep -q "^\[  PASSED  \]" "$dir/gtest.log" || { tail -n 30 "$dir/gtest.log"; atm_count "$label gtest binary" 1; }
}

# The example command lines of test/examples-to-run.py (the ones test.py runs in-tree).
# $1 = build dir, $2 = label prefix.
atm_run_examples() {
    local dir label=$2 cmd rc
    dir=$(cd "$1" && pwd) || return 1
    while IFS= read -r cmd; do
        [ -n "$cmd" ] || continue
        # shellcheck disable=SC2086
        (cd "$dir" && timeout 600 "$dir/examples/"$cmd) >"$dir/example.log" 2>&1
        rc=$?
        [ $rc -ne 0 ] && tail -n 20 "$dir/example.log"
        atm_count "$label example $cmd" $rc
    done < <(python3 - "$ATM_ROOT/test/examples-to-run.py" <<'EOF'
import sys
ns = {}
exec(open(sys.argv[1]).read(), ns)
for entry in ns.get("cpp_examples", []):
    cmd, do_run = entry[0], entry[1]
    if eval(do_run, {"True": True, "False": False}):
        print(cmd)
EOF
    )
}

# Determinism of the examples (utils/atm-check-determinism): every command of
# test/examples-to-run.py twice with the same --RngRun in two processes (identical output), once
# with another (results change exactly for the stochastic ones). About 25 s on 2 cores.
# $1 = build dir, $2 = label prefix.
atm_check_determinism() {
    local rc
    atm_python "$ATM_ROOT/utils/atm-check-determinism" --build "$1" >"$1/determinism.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && grep -v '^ok ' "$1/determinism.log" | tail -n 30
    atm_count "$2 examples are deterministic per --RngRun and change with it where stochastic (utils/atm-check-determinism)" $rc
}

# SEM compatibility of the examples (utils/atm-check-sem): every command of
# test/examples-to-run.py through the PyPI package sem's own parameter parser and runner, against
# a direct run (same standard output, one JSON line, no other files). sem is installed once in a
# virtual environment under $ATM_CACHE (about 20 s); the check takes a few seconds on 2 cores.
# $1 = build dir, $2 = label prefix.
ATM_SEM_VERSION=${ATM_SEM_VERSION:-0.3.9.1}
atm_check_sem() {
    local venv=$ATM_CACHE/venv-sem rc
    if ! "$venv/bin/python" -c "import sem" 2>/dev/null; then
        { python3 -m venv "$venv" 2>/dev/null || { atm_apt_install python3-venv && python3 -m venv "$venv"; }; } \
            && "$venv/bin/pip" install -q "sem==$ATM_SEM_VERSION" >"$1/sem-install.log" 2>&1
        rc=$?
        if [ $rc -ne 0 ]; then
            tail -n 20 "$1/sem-install.log"
            atm_count "$2 SEM $ATM_SEM_VERSION installs from PyPI" $rc
            return
        fi
    fi
    "$venv/bin/python" "$ATM_ROOT/utils/atm-check-sem" --build "$1" >"$1/sem-check.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && grep -v '^ok ' "$1/sem-check.log" | tail -n 30
    atm_count "$2 every example runs unchanged as a SEM $ATM_SEM_VERSION campaign script (utils/atm-check-sem)" $rc
}

# Everything a standalone build can test. $1 = build dir, $2 = fullness, $3 = label.
# $4 = "ns3-only": leave out what does not depend on the ns-3 release (the validation runner's
# unit tests, which use a fake simulator, and the manual's Sphinx build), for a second backend.
atm_test_standalone() {
    atm_run_suites "$1" "$2" "$3"
    atm_run_gtest "$1" "$3"
    atm_run_examples "$1" "$3"
    atm_check_bad_input "$1" "$3"
    atm_check_determinism "$1" "$3"
    atm_check_sem "$1" "$3"
    [ "${4:-}" = ns3-only ] || atm_run_validation_unittests "$1" "$3"
    atm_run_validation_smoke "$1" "$3"
    [ "${4:-}" = ns3-only ] || atm_check_doc "$1" "$3"
    [ "${4:-}" = ns3-only ] || atm_doxygen "$1" "$3"
    atm_check_install "$1" "$3"
}

# The manual (doc/) builds to HTML with Sphinx without a warning (sphinx-build -E -W --keep-going,
# utils/atm-check-doc), into <build dir>/doc/html. Its validation chapter takes the figures of
# the validation smoke run when there are some (so that both the figure and the "not in this
# build" paths of conf.py's directive are built), else build/validation/figures.
# $1 = build dir, $2 = label prefix.
atm_check_doc() {
    local rc figures=$1/validation-smoke/figures
    [ -d "$figures" ] || figures=${ATM_VALIDATION_FIGURES:-$ATM_ROOT/build/validation/figures}
    ATM_VALIDATION_FIGURES=$figures atm_python "$ATM_ROOT/utils/atm-check-doc" "$1/doc/html" \
        >"$1/doc-check.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && tail -n 30 "$1/doc-check.log"
    atm_count "$2 the manual builds with Sphinx without warnings (sphinx-build -W, doc/)" $rc
}

# The bad-input catalogue (test/bad-input-catalogue.py): every mistaken command line ends in a
# usage error (exit 1) naming the option, the value and what is valid, within a second, writing
# nothing. Each case counts once. $1 = build dir, $2 = label prefix.
atm_check_bad_input() {
    local word rest
    while read -r word rest; do
        case "$word" in
        PASS) atm_count "$2 bad input: ${rest}" 0 ;;
        FAIL) atm_count "$2 bad input: ${rest}" 1 ;;
        *) [ -n "$word" ] && printf '        %s %s\n' "$word" "$rest" ;;
        esac
    done < <(python3 "$ATM_ROOT/utils/atm-check-bad-input" "$1" 2>&1)
}

# The Python interpreter with the distribution's matplotlib (a pyenv/venv python3 first on PATH
# may lack it).
atm_python() {
    if [ -x /usr/bin/python3 ]; then /usr/bin/python3 "$@"; else python3 "$@"; fi
}

# The validation runner's unit tests (a fake simulator; with and without --no-traces; the ANOVA
# tool of the build, utils/atmval/test_anova.py, through ATM_BUILD_DIR).
# $1 = build dir (for the log and the ANOVA tool), $2 = label prefix.
atm_run_validation_unittests() {
    local dir=${1:?} label=$2 rc
    (cd "$ATM_ROOT" && export ATM_BUILD_DIR="$(cd "$dir" && pwd)" \
        && atm_python -m unittest discover -s utils/atmval -p 'test_*.py') \
        >"$dir/validation-unittest.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && tail -n 30 "$dir/validation-unittest.log"
    atm_count "$label validation runner unit tests" $rc
}

# The validation runner on one real target at a fifth of its duration, end to end (runs, SQLite,
# figures, report, CSV export, and the time series: its first run traced again, 1 s, drawn and
# linked). $1 = build dir, $2 = label prefix.
atm_run_validation_smoke() {
    local dir=${1:?} label=$2 rc out=${1:?}/validation-smoke
    rm -rf "$out"
    atm_python "$ATM_ROOT/utils/atm-validation" --build "$dir" --targets SANDIA-SEL --seeds 1 \
        --duration-scale 0.2 --out "$out" --export "$out/runs.csv" >"$dir/validation-smoke.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] && [ -s "$out/report.md" ] && [ -s "$out/figures/sandia-sel.png" ] \
        && [ "$(wc -l <"$out/runs.csv")" -eq 5 ] && [ -s "$out/figures/SANDIA-SEL-traces.png" ] \
        && [ -s "$out/traces/SANDIA-SEL/tcp.csv" ] \
        && grep -q '](figures/SANDIA-SEL-traces.png)' "$out/report.md" || rc=1
    [ $rc -ne 0 ] && tail -n 30 "$dir/validation-smoke.log"
    atm_count "$label validation runner smoke run (SANDIA-SEL, 1 s, with its time series)" $rc
}

# A user program against the installed module, whatever its build system: cmake --install into
# a scratch prefix; every installed header compiles alone (nothing defined for the atm module, as
# in a user program: no ATM_NS3_VERSION, no private header); test/user-program as an out-of-tree
# CMake project (find_package(ns3-atm), ns3::atm) and with a plain compiler command (pkg-config
# --cflags --libs ns3-atm); both programs run and must print ok. Then README.md's program: the
# C++ block after the "readme-example.cc" comment in README.md must be
# test/user-program/readme-example.cc byte for byte, and that file must build with the plain
# compiler command and run, printing its goodput. $1 = build dir, $2 = label.
atm_check_install() {
    local build label=$2 work prefix rc libdir pcdir cflags libs src std h
    local cxxflags=()
    build=$(cd "$1" && pwd) || return 1
    # The C++ standard the ns-3 found needs (a plain compiler command must ask for it).
    std=$(sed -n 's/^ATM_CXX_STANDARD:[A-Z]*=//p' "$build/CMakeCache.txt")
    [ -n "$std" ] && cxxflags=(-std=c++$std)
    work=$build/install-check
    prefix=$work/prefix
    rm -rf "$work" && mkdir -p "$work"

    cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && tail -n 20 "$work/install.log"
    atm_count "$label cmake --install (library, headers, CMake package, pkg-config file)" $rc
    [ $rc -eq 0 ] || return 0

    libdir=$(dirname "$(find "$prefix" -name 'libns3-atm.so*' | head -n 1)")
    pcdir=$(dirname "$(find "$prefix" -name ns3-atm.pc | head -n 1)")
    cflags=$(PKG_CONFIG_PATH=$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} pkg-config --cflags ns3-atm 2>"$work/pkg-config.log")
    libs=$(PKG_CONFIG_PATH=$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} pkg-config --libs ns3-atm 2>>"$work/pkg-config.log")
    [ -n "$libs" ] || cat "$work/pkg-config.log"

    # Each header alone, as the only line of a program.
    ls "$prefix/include/ns3" | grep '\.h$' >"$work/headers.txt"
    xargs -P "$(nproc)" -I{} sh -c 'echo "#include \"ns3/{}\"" | ${CXX:-c++} '"${cxxflags[*]:-}"' '"$cflags"' -fsyntax-only -x c++ - >"$0/header-{}.log" 2>&1 || echo {}' "$work" \
        <"$work/headers.txt" >"$work/headers-failed.txt"
    rc=0
    if [ -s "$work/headers-failed.txt" ]; then
        rc=1
        while read -r h; do
            atm_log "ns3/$h does not compile on its own:"
            head -n 8 "$work/header-$h.log"
        done <"$work/headers-failed.txt"
    fi
    atm_count "$label each of the $(wc -l <"$work/headers.txt") installed headers compiles alone in a user program" $rc

    # The out-of-tree CMake project.
    src=$ATM_ROOT/test/user-program
    cmake -S "$src" -B "$work/cmake-project" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake-project.log" 2>&1 \
        && cmake --build "$work/cmake-project" >>"$work/cmake-project.log" 2>&1 \
        && LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$work/cmake-project/atm-user-program" \
            >>"$work/cmake-project.log" 2>&1 \
        && grep -q '"ok":true' "$work/cmake-project.log"
    rc=$?
    [ $rc -ne 0 ] && tail -n 30 "$work/cmake-project.log"
    atm_count "$label out-of-tree CMake project: find_package(ns3-atm), ns3::atm, ns3/atm-module.h" $rc

    # A plain compiler command.
    # shellcheck disable=SC2086
    ${CXX:-c++} "${cxxflags[@]}" $cflags "$src/atm-user-program.cc" -o "$work/plain-program" $libs \
        >"$work/plain.log" 2>&1 \
        && LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$work/plain-program" >>"$work/plain.log" 2>&1 \
        && grep -q '"ok":true' "$work/plain.log"
    rc=$?
    [ $rc -ne 0 ] && tail -n 30 "$work/plain.log"
    atm_count "$label plain compiler command: pkg-config --cflags --libs ns3-atm, ns3/atm-module.h" $rc
    # README.md's program, so that the README's code cannot rot.
    atm_python - "$ATM_ROOT/README.md" "$src/readme-example.cc" >"$work/readme.log" 2>&1 <<'EOF'
import difflib
import sys
readme, example = open(sys.argv[1]).read(), open(sys.argv[2]).read()
mark = "<!-- readme-example.cc"
i = readme.find(mark)
start = readme.find("```cpp\n", i) if i >= 0 else -1
end = readme.find("\n```\n", start) if start >= 0 else -1
if end < 0:
    sys.exit(f"README.md: no ```cpp block after the comment {mark} ...")
block = readme[start + len("```cpp\n"):end + 1]
if block != example:
    sys.stdout.writelines(difflib.unified_diff(example.splitlines(True), block.splitlines(True),
                                               "test/user-program/readme-example.cc", "README.md"))
    sys.exit("README.md's program differs from test/user-program/readme-example.cc")
print("README.md's program is test/user-program/readme-example.cc")
EOF
    rc=$?
    if [ $rc -eq 0 ]; then
        # shellcheck disable=SC2086
        ${CXX:-c++} "${cxxflags[@]}" $cflags "$src/readme-example.cc" -o "$work/readme-example" $libs \
            >>"$work/readme.log" 2>&1 \
            && LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$work/readme-example" \
                >>"$work/readme.log" 2>&1 \
            && grep -Eq '^TCP goodput: [1-9][0-9.]* Mb/s$' "$work/readme.log"
        rc=$?
    fi
    [ $rc -ne 0 ] && tail -n 30 "$work/readme.log"
    atm_count "$label README.md's program (test/user-program/readme-example.cc) is the README's, builds and runs" $rc
}

# The style gates: every C++ file of the module laid out as .clang-format says (clang-format
# 19.1.7 from PyPI, pinned: Debian 12's clang-format-14 cannot read ns-3's style options), and no
# misspelling in code and docs (codespell, .codespellrc). Both tools live in a virtualenv under
# $ATM_CACHE. $1 = label prefix.
atm_check_style() {
    local venv=$ATM_CACHE/venv-style log=${ATM_BUILD_DIR:-$ATM_ROOT/build}/style-check.log rc
    mkdir -p "$(dirname "$log")"
    if ! "$venv/bin/clang-format" --version 2>/dev/null | grep -q ' 19\.1\.7' \
        || ! "$venv/bin/codespell" --version 2>/dev/null | grep -q '^2\.4\.1$'; then
        { python3 -m venv "$venv" 2>/dev/null || { atm_apt_install python3-venv && python3 -m venv "$venv"; }; } \
            && "$venv/bin/pip" install -q clang-format==19.1.7 codespell==2.4.1 >"$log" 2>&1
    fi
    (cd "$ATM_ROOT" && find model helper test examples bench fuzz -name '*.h' -o -name '*.cc' \
        | sort | xargs "$venv/bin/clang-format" --dry-run -Werror) >"$log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && { grep -E '^[^ ].*(error|warning):' "$log" | head -n 20; atm_log "format with: $venv/bin/clang-format -i <file>"; }
    atm_count "$1 C++ layout as .clang-format says (ns-3 style, clang-format 19.1.7)" $rc
    (cd "$ATM_ROOT" && "$venv/bin/codespell") >"$log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && head -n 20 "$log"
    atm_count "$1 no misspelling in code and docs (codespell 2.4.1, .codespellrc)" $rc
}

# The sanitizer build (doc/atm-reliability.rst, "Sanitizers"): the module, its test runner and the
# googletest binary built with ASan and UBSan (-DATM_SANITIZE=ON, -O1) in their own build dir;
# every ns-3 suite (at $2, default QUICK) and the googletest binary run in it, and a sanitizer
# report fails the run: UBSan aborts at the first report (-fno-sanitize-recover), ASan exits
# non-zero, and the logs are searched for reports besides. LeakSanitizer is on: ns-3's
# static-lifetime objects are still reachable at exit, so they are not reported. The UBSan
# suppression file utils/atm-ubsan.supp lists reports whose faulty code is ns-3's (with reasons).
# $1 = build dir, $2 = fullness, $3 = label prefix, rest = extra CMake arguments.
atm_run_sanitized() {
    local dir=${1:?} fullness=${2:-QUICK} label=$3 rc
    shift 3
    atm_log "building the atm module with ASan and UBSan in $dir"
    mkdir -p "$dir"
    cmake -S "$ATM_ROOT" -B "$dir" -G Ninja -DATM_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
        "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" "$@" >"$dir/atm-configure.log" 2>&1 \
        && cmake --build "$dir" -j "$(nproc)" --target ns3-atm atm-test-runner atm-gtest \
            >"$dir/atm-build.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && tail -n 40 "$dir/atm-build.log" "$dir/atm-configure.log"
    atm_count "$label ASan+UBSan build (module, test runner, googletest)" $rc
    [ $rc -eq 0 ] || return 1
    rm -f "$dir"/suite-*.log "$dir/gtest.log"
    (
        export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1"
        export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$ATM_ROOT/utils/atm-ubsan.supp"
        atm_run_suites "$dir" "$fullness" "$label"
        atm_run_gtest "$dir" "$label"
        echo "$ATM_PASSED $ATM_FAILED $ATM_FAILURES" >"$dir/sanitized-counts"
    )
    read -r ATM_PASSED ATM_FAILED ATM_FAILURES <"$dir/sanitized-counts"
    ! grep -lE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:" "$dir"/suite-*.log "$dir/gtest.log"
    atm_count "$label no sanitizer report in any suite or googletest log" $?
}

# The fuzz targets of fuzz/ (doc/atm-reliability.rst, "Fuzzing"), each for $1 seconds, built
# with clang-14 and libFuzzer in build-fuzz (utils/atm-fuzz installs them if missing). $2 = label.
atm_run_fuzz() {
    local seconds=${1:?} label=$2 log=$ATM_ROOT/build-fuzz/atm-fuzz-ci.log rc
    mkdir -p "$ATM_ROOT/build-fuzz"
    bash "$ATM_ROOT/utils/atm-fuzz" --seconds "$seconds" >"$log" 2>&1
    rc=$?
    grep -E '^[a-z0-9-]+ +[0-9?]+ inputs' "$log"
    [ $rc -ne 0 ] && tail -n 30 "$log"
    atm_count "$label fuzz targets (cell header, AAL5 reassembler, traffic contract, cell rate, RM cell), ${seconds} s each, no failure" $rc
}

# The soak run (doc/atm-reliability.rst, "Soak"): bench/atm-soak of a standalone build for $2
# cell-hops; RSS flat after warm-up and every cell ledger balanced. $1 = build dir, $3 = label.
atm_run_soak() {
    local dir=${1:?} hops=${2:?} label=$3 rc
    "$dir/bench/atm-soak" --cellHops="$hops" >"$dir/soak.log" 2>&1
    rc=$?
    grep -E "^RSS after warm-up" "$dir/soak.log"
    [ $rc -ne 0 ] && tail -n 30 "$dir/soak.log"
    atm_count "$label soak: $hops cell-hops in one process, RSS flat after warm-up (bench/atm-soak)" $rc
}

atm_summary() {
    [ -n "$ATM_FAILURES" ] && printf 'failed:%s\n' "$ATM_FAILURES" | tr ' ' '\n' | sed '2,$s/^/  /'
    echo "$ATM_PASSED passed, $ATM_FAILED failed"
    [ "$ATM_FAILED" -eq 0 ]
}

# The HTML API reference (doc/doxygen/Doxyfile; doc/atm-user.rst, "API reference (Doxygen)"):
# the build's atm-print-introspected-doxygen writes the page of the module's attributes and trace
# sources (<build dir>/doxygen/introspected.h), then Doxygen writes <build dir>/doxygen/html,
# reading the installed ns-3 headers that the module's headers include (directly or not) so that
# overrides inherit ns-3's documentation. Warnings do not stop the build; those about the
# module's own files (doxygen-warnings.log) are counted and may not exceed the number in
# doc/doxygen/warnings-baseline. About 10 s. $1 = build dir, $2 = label prefix.
atm_doxygen() {
    local build label=$2 out rc n baseline inc root h todo next
    local ns3_headers=() seen=" " mine
    build=$(cd "${1:?}" && pwd) || return 1
    out=$build/doxygen
    command -v doxygen >/dev/null || atm_apt_install doxygen || { atm_count "$label Doxygen API reference builds (doxygen missing)" 1; return 0; }
    rm -rf "$out" && mkdir -p "$out"
    rc=0
    "$build/utils/atm-print-introspected-doxygen" >"$out/introspected.h" 2>"$out/introspected.log" \
        || { cat "$out/introspected.log"; rc=1; }
    # The ns-3 include directory (holding ns3/object.h): the wheel's, pkg-config's, Debian's.
    root=$(sed -n 's/^NS3_WHEEL_ROOT:PATH=//p' "$build/CMakeCache.txt")
    inc=
    for h in ${root:+"$root/include"} "$(sed -n 's/^ATM_NS3_PC_ns3-core_INCLUDEDIR:INTERNAL=//p' "$build/CMakeCache.txt")" \
        $(pkg-config --variable=includedir ns3-core 2>/dev/null) /usr/include /usr/include/ns3*; do
        [ -n "$h" ] && [ -f "$h/ns3/object.h" ] && { inc=$h/ns3; break; }
    done
    # The ns-3 headers the module's headers, test utilities and examples include, transitively
    # (names of the module's own headers excepted, should the module be installed there too).
    if [ -n "$inc" ]; then
        mine=" $(cd "$ATM_ROOT" && find model helper -name '*.h' -printf '%f ')"
        todo=$(cd "$ATM_ROOT" && cat $(find model helper -name '*.h') test/atm-test-utils.h examples/*.cc \
            | sed -n 's|^#include "ns3/\([^"]*\)".*|\1|p' | sort -u)
        while [ -n "$todo" ]; do
            next=
            for h in $todo; do
                case "$seen" in *" $h "*) continue ;; esac
                seen="$seen$h "
                case "$mine" in *" $h "*) continue ;; esac
                [ -f "$inc/$h" ] || continue
                ns3_headers+=("$inc/$h")
                next="$next $(sed -n 's|^#include "\(ns3/\)\{0,1\}\([^"/]*\)".*|\2|p' "$inc/$h")"
            done
            todo=$next
        done
    else
        atm_log "no installed ns-3 headers found: overrides of ns-3 methods will warn"
    fi
    (cd "$ATM_ROOT" && ATM_VERSION=$(cat VERSION) ATM_DOXYGEN_OUT=$out ATM_DOXYGEN_INTROSPECTED=$out/introspected.h \
        ATM_DOXYGEN_NS3_INCLUDE="${ns3_headers[*]}" doxygen doc/doxygen/Doxyfile) >"$out/doxygen.log" 2>&1 \
        && [ -s "$out/html/index.html" ] && [ -s "$out/html/atm-introspected.html" ] \
        || { tail -n 20 "$out/doxygen.log"; rc=1; }
    grep -E "^($ATM_ROOT/|$out/introspected.h)" "$out/doxygen-warnings.log" 2>/dev/null | grep ': warning: ' \
        >"$out/atm-warnings.log"
    n=$(wc -l <"$out/atm-warnings.log")
    baseline=$(tr -dc '0-9' <"$ATM_ROOT/doc/doxygen/warnings-baseline")
    [ "$n" -gt "${baseline:-0}" ] && { head -n 20 "$out/atm-warnings.log"; rc=1; }
    atm_count "$label Doxygen API reference builds ($n warnings, baseline ${baseline:-0})" $rc
}
