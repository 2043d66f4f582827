# SPDX-License-Identifier: GPL-2.0-only
#
# The one CMake section that knows about ns-3 releases (version differences live here and in
# model/atm-ns3-compat.h only).
#
# Inputs : ATM_NS3_MODULES (ns-3 modules the atm library links, e.g. "core;network;internet")
# Outputs: ATM_NS3_VERSION  integer 100*major + minor (3.37 -> 337, 3.48 -> 348); installed ns-3
#                           headers carry no version macro, so it is derived here and passed to the
#                           code as a compile definition, read only by model/atm-ns3-compat.h
#          ATM_NS3_LIBS     the link targets for ATM_NS3_MODULES in this build mode
#          ATM_NS3_CXX_STANDARD  the C++ standard the ns-3 release requires (17, 20 or 23)
#          ATM_NS3_BACKEND  "in-tree", "package" (find_package: Debian/Ubuntu, ./ns3 install) or "wheel"
#          ATM_HAVE_GSL     GSL (the GNU Scientific Library) is linked: the factorial ANOVA is built
#          ATM_GSL_LIBS     what the atm library links for it (empty without GSL)
#
# Version facts absorbed here:
#   - in-tree trees name their targets through ${lib<module>} variables (all releases);
#   - installed packages export ns3::lib<module> up to 3.42 and ns3::<module> from 3.43;
#   - the PyPI wheel ships include/ and lib64/libns3.<minor>-<module>.so with a CMake package whose
#     paths point at the wheel's build machine, so its targets are rebuilt here from the files;
#   - ns-3 needs C++17 up to 3.40, C++20 from 3.41 and C++23 from 3.46;
#   - GSL: an ns-3 tree finds it itself (below); installed packages and the wheel do not tell.

function(atm_version_from_string version_string out_var)
  if(version_string MATCHES "^3\\.([0-9]+)")
    math(EXPR _v "300 + ${CMAKE_MATCH_1}")
  elseif(version_string MATCHES "^3-dev" OR version_string MATCHES "dev")
    set(_v 399) # ns-3-dev: newer than any release we know
  else()
    message(FATAL_ERROR "atm: cannot read an ns-3 version from '${version_string}'. "
                        "Set -DATM_NS3_VERSION=<e.g. 337> by hand.")
  endif()
  set(${out_var} ${_v} PARENT_SCOPE)
endfunction()

if(COMMAND build_lib)
  # ---- in-tree: contrib/atm of an ns-3 source tree -------------------------------------------
  set(ATM_NS3_BACKEND "in-tree")
  if(NOT DEFINED ATM_NS3_VERSION)
    atm_version_from_string("${NS3_VER}" ATM_NS3_VERSION)
  endif()
  set(ATM_NS3_LIBS)
  foreach(_m ${ATM_NS3_MODULES})
    list(APPEND ATM_NS3_LIBS ${lib${_m}})
  endforeach()
else()
  # ---- standalone: an installed ns-3 --------------------------------------------------------
  set(ATM_NS3_LIBS)
  set(NS3_WHEEL_ROOT "" CACHE PATH
      "Directory of the ns3 Python wheel's files (holding include/ and lib64/); empty = search")
  if(NOT NS3_WHEEL_ROOT)
    find_package(ns3 CONFIG QUIET)
  endif()

  if(ns3_FOUND)
    set(ATM_NS3_BACKEND "package")
    if(NOT DEFINED ATM_NS3_VERSION)
      atm_version_from_string("${ns3_VERSION}" ATM_NS3_VERSION)
    endif()
    foreach(_m ${ATM_NS3_MODULES})
      if(TARGET ns3::lib${_m})
        list(APPEND ATM_NS3_LIBS ns3::lib${_m}) # <= 3.42
      elseif(TARGET ns3::${_m})
        list(APPEND ATM_NS3_LIBS ns3::${_m}) # >= 3.43
      else()
        message(FATAL_ERROR "atm: the installed ns-3 (${ns3_DIR}) has no module '${_m}'. "
                            "Install an ns-3 build that includes it.")
      endif()
    endforeach()
  else()
    # The wheel: ask Python where the package lives without importing it (importing loads cppyy).
    if(NOT NS3_WHEEL_ROOT)
      find_package(Python3 COMPONENTS Interpreter QUIET)
      if(Python3_FOUND)
        execute_process(
          COMMAND ${Python3_EXECUTABLE} -c
                  "import importlib.util as u, os; s = u.find_spec('ns3'); print(os.path.dirname(s.origin) if s and s.origin else (list(s.submodule_search_locations)[0] if s else ''))"
          OUTPUT_VARIABLE _wheel_dir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(_wheel_dir AND EXISTS "${_wheel_dir}/include/ns3/core-module.h")
          set(NS3_WHEEL_ROOT "${_wheel_dir}" CACHE PATH "" FORCE)
        endif()
      endif()
    endif()
    if(NOT NS3_WHEEL_ROOT OR NOT EXISTS "${NS3_WHEEL_ROOT}/include/ns3/core-module.h")
      message(FATAL_ERROR
        "atm: no installed ns-3 found.\n"
        "  Debian/Ubuntu: apt-get install libns3-dev ns3\n"
        "  PyPI wheel   : pip install ns3 (in the Python on PATH), or -DNS3_WHEEL_ROOT=<site-packages>/ns3\n"
        "  own install  : ./ns3 install, then -Dns3_DIR=<prefix>/lib/cmake/ns3")
    endif()
    set(ATM_NS3_BACKEND "wheel")
    file(GLOB _core "${NS3_WHEEL_ROOT}/lib*/libns3.*-core*.so")
    list(GET _core 0 _core)
    get_filename_component(_libdir "${_core}" DIRECTORY)
    get_filename_component(_corename "${_core}" NAME)
    string(REGEX MATCH "libns3\\.([0-9]+)-core(.*)\\.so" _ "${_corename}")
    set(_minor ${CMAKE_MATCH_1})
    set(_suffix ${CMAKE_MATCH_2}) # "" for release wheels, "-default"/"-debug" for other profiles
    if(NOT DEFINED ATM_NS3_VERSION)
      math(EXPR ATM_NS3_VERSION "300 + ${_minor}")
    endif()
    foreach(_m ${ATM_NS3_MODULES})
      set(_lib "${_libdir}/libns3.${_minor}-${_m}${_suffix}.so")
      if(NOT EXISTS "${_lib}")
        message(FATAL_ERROR "atm: the ns3 wheel at ${NS3_WHEEL_ROOT} has no ${_lib}")
      endif()
      if(NOT TARGET atm_ns3::${_m})
        add_library(atm_ns3::${_m} SHARED IMPORTED)
        set_target_properties(atm_ns3::${_m} PROPERTIES
          IMPORTED_LOCATION "${_lib}"
          INTERFACE_INCLUDE_DIRECTORIES "${NS3_WHEEL_ROOT}/include")
      endif()
      list(APPEND ATM_NS3_LIBS atm_ns3::${_m})
    endforeach()
    set(ATM_NS3_WHEEL_LIB "${_libdir}/libns3.${_minor}-<module>${_suffix}.so") # see below
    set(ATM_NS3_WHEEL_LIBDIR "${_libdir}")
    # The wheel's libraries find each other through their own RUNPATH; the linker needs a hint.
    set(ATM_NS3_LINK_OPTIONS "-Wl,-rpath-link,${_libdir}" "-Wl,-rpath,${_libdir}")
  endif()
endif()

# atm_ns3_module_target(<module> <out_var>): the link target of one more ns-3 module in this build
# mode, for programs that need more than ATM_NS3_MODULES (bench/atm-bench: point-to-point): the
# in-tree variable, ns3::lib<module> (<= 3.42), ns3::<module> (>= 3.43) or the wheel's imported
# atm_ns3::<module>; "" if this ns-3 has no such module.
function(atm_ns3_module_target module out_var)
  set(_target "")
  if(ATM_NS3_BACKEND STREQUAL "in-tree")
    set(_target "${lib${module}}")
  elseif(ATM_NS3_BACKEND STREQUAL "package")
    if(TARGET ns3::lib${module})
      set(_target ns3::lib${module})
    elseif(TARGET ns3::${module})
      set(_target ns3::${module})
    endif()
  else()
    string(REPLACE "<module>" "${module}" _lib "${ATM_NS3_WHEEL_LIB}")
    if(EXISTS "${_lib}")
      if(NOT TARGET atm_ns3::${module})
        add_library(atm_ns3::${module} SHARED IMPORTED)
        set_target_properties(atm_ns3::${module} PROPERTIES
          IMPORTED_LOCATION "${_lib}"
          INTERFACE_INCLUDE_DIRECTORIES "${NS3_WHEEL_ROOT}/include")
      endif()
      set(_target atm_ns3::${module})
    endif()
  endif()
  set(${out_var} "${_target}" PARENT_SCOPE)
endfunction()

if(ATM_NS3_VERSION LESS 337)
  message(FATAL_ERROR "atm: ns-3 ${ATM_NS3_VERSION} is older than 3.37; use wscript in a waf-era "
                      "tree (best effort) or upgrade ns-3.")
endif()
if(ATM_NS3_VERSION GREATER_EQUAL 346)
  set(ATM_NS3_CXX_STANDARD 23)
elseif(ATM_NS3_VERSION GREATER_EQUAL 341)
  set(ATM_NS3_CXX_STANDARD 20)
else()
  set(ATM_NS3_CXX_STANDARD 17)
endif()
message(STATUS "atm: ns-3 ${ATM_NS3_VERSION} (${ATM_NS3_BACKEND}), C++${ATM_NS3_CXX_STANDARD}")

# ---- GSL: the t and F quantiles of the factorial ANOVA (helper/atm-factorial-anova.cc) --------
# In-tree, ns-3's configure (3.37 ... 3.48 alike, build-support/macros-and-definitions.cmake) runs
# find_package(GSL) unless GSL is disabled (./ns3 configure --disable-gsl, NS3_GSL=OFF), sets
# GSL_FOUND and adds GSL's include directory to every target; src/core links ${GSL_LIBRARIES}, and
# so does atm. An ns-3 tree without GSL still builds the atm module, less the ANOVA (a contrib
# module should not make the whole tree's configure fail over an optional ns-3 feature): the
# warning says so. Standalone (Debian's ns-3, the wheel, ./ns3 install), the installed ns-3 does
# not say whether it was built with GSL, so atm finds the system's GSL itself and stops with the
# package to install if it is missing; -DATM_GSL=OFF builds without the ANOVA on purpose. The
# wheel (3.44) bundles the GSL its libns3-core links, renamed by auditwheel
# (lib64/libgsl-<hash>.so.<version>, no headers): atm links that one, with the system's headers
# (the t and F functions are the same in every GSL 2.x), so that a process holds one GSL, not
# the wheel's and the system's side by side.
if(ATM_NS3_BACKEND STREQUAL "in-tree")
  if(GSL_FOUND)
    set(ATM_HAVE_GSL TRUE)
    set(ATM_GSL_LIBS ${GSL_LIBRARIES})
  else()
    set(ATM_HAVE_GSL FALSE)
    set(ATM_GSL_LIBS)
    message(WARNING "atm: this ns-3 tree is configured without GSL (not found, or --disable-gsl): "
                    "the atm module is built without the factorial ANOVA (AtmFactorialAnova, "
                    "examples/atm-anova, the suite atm-factorial-anova). To build them, install "
                    "GSL (Debian/Ubuntu: apt-get install libgsl-dev) and run "
                    "./ns3 configure --enable-gsl ... again.")
  endif()
else()
  option(ATM_GSL "Build the parts of atm that need GSL (the factorial ANOVA: AtmFactorialAnova, examples/atm-anova)" ON)
  if(ATM_GSL)
    find_package(GSL QUIET)
    if(NOT GSL_FOUND)
      message(FATAL_ERROR
        "atm: GSL (the GNU Scientific Library) not found; the factorial ANOVA "
        "(helper/atm-factorial-anova.cc, examples/atm-anova) needs its t and F quantiles.\n"
        "  Debian/Ubuntu: apt-get install libgsl-dev\n"
        "  Fedora       : dnf install gsl-devel\n"
        "  own install  : -DGSL_ROOT_DIR=<prefix>\n"
        "  or -DATM_GSL=OFF to build the module without the ANOVA")
    endif()
    set(ATM_HAVE_GSL TRUE)
    set(ATM_GSL_LIBS GSL::gsl) # CMake's FindGSL: GSL::gsl brings GSL::gslcblas
    if(ATM_NS3_BACKEND STREQUAL "wheel")
      file(GLOB _wheel_gsl "${ATM_NS3_WHEEL_LIBDIR}/libgsl-*.so*")
      if(_wheel_gsl)
        list(GET _wheel_gsl 0 _wheel_gsl)
        if(NOT TARGET atm_wheel::gsl)
          add_library(atm_wheel::gsl SHARED IMPORTED)
          set_target_properties(atm_wheel::gsl PROPERTIES
            IMPORTED_LOCATION "${_wheel_gsl}"
            INTERFACE_INCLUDE_DIRECTORIES "${GSL_INCLUDE_DIRS}")
        endif()
        set(ATM_GSL_LIBS atm_wheel::gsl)
        set(GSL_VERSION "of the wheel, ${_wheel_gsl}, with the headers of ${GSL_VERSION}")
      endif()
    endif()
  else()
    set(ATM_HAVE_GSL FALSE)
    set(ATM_GSL_LIBS)
    message(STATUS "atm: -DATM_GSL=OFF: building without the factorial ANOVA (AtmFactorialAnova, "
                   "examples/atm-anova)")
  endif()
endif()
if(ATM_HAVE_GSL)
  message(STATUS "atm: GSL ${GSL_VERSION} (${ATM_GSL_LIBS})")
endif()

# What the validation runner (utils/atmval) records with every run.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/atm-build-info.txt
     "ATM_NS3_VERSION=${ATM_NS3_VERSION}\nATM_NS3_BACKEND=${ATM_NS3_BACKEND}\n"
     "ATM_HAVE_GSL=${ATM_HAVE_GSL}\n")
