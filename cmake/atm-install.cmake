# SPDX-License-Identifier: GPL-2.0-only
#
# What `cmake --install` puts beside libns3-atm and the headers so that user programs find the
# module the way they find ns-3 itself (standalone builds only; included by ../CMakeLists.txt):
#
#   <prefix>/<libdir>/cmake/ns3-atm/ns3-atmConfig.cmake   find_package(ns3-atm) -> target ns3::atm
#   <prefix>/<libdir>/pkgconfig/ns3-atm.pc                pkg-config --cflags --libs ns3-atm
#
# Both are relocatable (paths relative to where they are installed), both bring the ns-3 modules
# the library links, and neither needs ATM_NS3_VERSION: no installed header reads it.
#
# Inputs: ATM_NS3_MODULES, ATM_NS3_LIBS, ATM_NS3_BACKEND, ATM_NS3_LINK_OPTIONS and, for the wheel,
# NS3_WHEEL_ROOT (cmake/atm-ns3.cmake).

include(CMakePackageConfigHelpers)

set(ATM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ns3-atm)

# ---- CMake package -------------------------------------------------------------------------------
# The exported target links ns-3 by the target names used here: ns3::lib<module> / ns3::<module>
# from ns-3's own package, or atm_ns3::<module>, which this module defines for the PyPI wheel
# (whose CMake package points at its build machine). The config file recreates whichever the
# build used before it loads the exported target.
if(ATM_NS3_BACKEND STREQUAL "package")
  set(ATM_CONFIG_DEPENDENCY
      "include(CMakeFindDependencyMacro)\nfind_dependency(ns3 ${ns3_VERSION})\n")
else()
  set(ATM_CONFIG_DEPENDENCY "")
  foreach(_m ${ATM_NS3_MODULES})
    get_target_property(_loc atm_ns3::${_m} IMPORTED_LOCATION)
    string(APPEND ATM_CONFIG_DEPENDENCY
           "if(NOT TARGET atm_ns3::${_m})\n"
           "  add_library(atm_ns3::${_m} SHARED IMPORTED)\n"
           "  set_target_properties(atm_ns3::${_m} PROPERTIES\n"
           "    IMPORTED_LOCATION \"${_loc}\"\n"
           "    INTERFACE_INCLUDE_DIRECTORIES \"${NS3_WHEEL_ROOT}/include\")\n"
           "endif()\n")
  endforeach()
endif()

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/ns3-atmConfig.cmake.in
  ${CMAKE_BINARY_DIR}/ns3-atmConfig.cmake
  INSTALL_DESTINATION ${ATM_CMAKE_DIR})
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/ns3-atmConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(EXPORT ns3-atm-targets NAMESPACE ns3:: FILE ns3-atmTargets.cmake DESTINATION ${ATM_CMAKE_DIR})
install(FILES ${CMAKE_BINARY_DIR}/ns3-atmConfig.cmake ${CMAKE_BINARY_DIR}/ns3-atmConfigVersion.cmake
        DESTINATION ${ATM_CMAKE_DIR})

# ---- pkg-config ----------------------------------------------------------------------------------
# ns-3 ships ns3-<module>.pc files (Debian's libns3-dev, ./ns3 install): require them by name when
# pkg-config finds them; otherwise (the wheel) name ns-3's libraries and headers directly.
set(ATM_PC_REQUIRES "")
set(ATM_PC_LIBS "")
set(ATM_PC_CFLAGS "")
find_package(PkgConfig QUIET)
set(_ns3_pc_modules)
foreach(_m ${ATM_NS3_MODULES})
  list(APPEND _ns3_pc_modules ns3-${_m})
endforeach()
if(ATM_NS3_BACKEND STREQUAL "package" AND PKG_CONFIG_FOUND)
  pkg_check_modules(ATM_NS3_PC QUIET ${_ns3_pc_modules})
endif()
if(ATM_NS3_PC_FOUND)
  string(REPLACE ";" " " ATM_PC_REQUIRES "${_ns3_pc_modules}")
else()
  set(_dirs)
  foreach(_t ${ATM_NS3_LIBS})
    get_target_property(_type ${_t} TYPE)
    get_target_property(_loc ${_t} IMPORTED_LOCATION)
    if(NOT _loc)
      get_target_property(_loc ${_t} IMPORTED_LOCATION_RELEASE)
    endif()
    if(_loc)
      string(APPEND ATM_PC_LIBS " ${_loc}")
    endif()
    get_target_property(_inc ${_t} INTERFACE_INCLUDE_DIRECTORIES)
    if(_inc)
      list(APPEND _dirs ${_inc})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _dirs)
  foreach(_d ${_dirs})
    string(APPEND ATM_PC_CFLAGS " -I${_d}")
  endforeach()
  foreach(_o ${ATM_NS3_LINK_OPTIONS})
    string(APPEND ATM_PC_LIBS " ${_o}")
  endforeach()
endif()
# The prefix relative to the .pc file's directory, so the installed tree can move.
file(RELATIVE_PATH ATM_PC_PREFIX_FROM_PCDIR "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
string(REGEX REPLACE "/$" "" ATM_PC_PREFIX_FROM_PCDIR "${ATM_PC_PREFIX_FROM_PCDIR}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/ns3-atm.pc.in ${CMAKE_BINARY_DIR}/ns3-atm.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/ns3-atm.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
