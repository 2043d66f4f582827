# SPDX-License-Identifier: GPL-2.0-only
#
# libFuzzer targets (ATM_FUZZ=ON; included by ../CMakeLists.txt; doc/atm-reliability.rst,
# "Fuzzing"; utils/atm-fuzz builds and runs them). Needs clang with libFuzzer (Debian: clang-14
# and libclang-rt-14-dev):
#
#   cmake -S . -B build-fuzz -G Ninja -DATM_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14
#   ninja -C build-fuzz atm-fuzz-targets
#
# The code under test is compiled again here, with coverage instrumentation and ASan/UBSan, as a
# static library of the few model files the parsers need (so that the fuzzer's coverage counts
# only those); ns-3 itself is the installed, GCC-built one.

if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "atm: ATM_FUZZ needs clang with libFuzzer (-fsanitize=fuzzer), not "
                      "${CMAKE_CXX_COMPILER_ID}: -DCMAKE_CXX_COMPILER=clang++-14 "
                      "(Debian: apt-get install clang-14 libclang-rt-14-dev)")
endif()

set(ATM_FUZZ_SANITIZERS -fsanitize=address,undefined -fno-sanitize-recover=undefined
                        -fno-omit-frame-pointer)

# The model files the targets reach: cell header and HEC, cells (with the RM-cell fields
# they carry and their CRC-10), AAL5 frames and reassembly, cell rates (with the exact clock
# arithmetic they use), service categories, contracts.
add_library(atm-fuzz-model STATIC
  model/atm-cell-header.cc
  model/atm-cell.cc
  model/atm-crc10.cc
  model/flow-control/atm-rm-fields.cc
  model/flow-control/atm-rm-rate.cc
  model/atm-cell-clock.cc
  model/atm-cell-rate.cc
  model/atm-exact-time.cc
  model/atm-service-category.cc
  model/aal5/aal5.cc
  model/aal5/aal5-frame.cc
  model/aal5/aal5-corrupted-pdu-tag.cc
  model/aal5/aal5-reassembler.cc
  model/conformance/atm-traffic-contract.cc)
atm_target_setup(atm-fuzz-model)
target_compile_options(atm-fuzz-model PRIVATE -fsanitize=fuzzer-no-link ${ATM_FUZZ_SANITIZERS})
# Link the static archive whole: NS_OBJECT_ENSURE_REGISTERED's static registrations would
# otherwise be dropped with unreferenced objects.

set(ATM_FUZZ_TARGETS
    atm-fuzz-cell-header
    atm-fuzz-aal5-reassembler
    atm-fuzz-traffic-contract
    atm-fuzz-cell-rate
    atm-fuzz-rm-cell)
foreach(_target ${ATM_FUZZ_TARGETS})
  add_executable(${_target} fuzz/${_target}.cc)
  atm_target_setup(${_target})
  target_compile_options(${_target} PRIVATE -fsanitize=fuzzer ${ATM_FUZZ_SANITIZERS})
  target_link_options(${_target} PRIVATE -fsanitize=fuzzer ${ATM_FUZZ_SANITIZERS})
  target_link_libraries(${_target} PRIVATE -Wl,--whole-archive atm-fuzz-model
                        -Wl,--no-whole-archive)
  set_target_properties(${_target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
endforeach()
add_custom_target(atm-fuzz-targets DEPENDS ${ATM_FUZZ_TARGETS})
