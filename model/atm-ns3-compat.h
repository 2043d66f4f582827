/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_NS3_COMPAT_H
#define ATM_NS3_COMPAT_H

/**
 * @file
 * @ingroup atm
 * The one place where the atm module's C++ code absorbs differences between ns-3 releases
 * (3.37 ... 3.48). Nothing else in the module may test ATM_NS3_VERSION.
 *
 * This header is private: it is not installed, and only the module's own .cc files and tests
 * include it (the build adds model/ to their include path and defines ATM_NS3_VERSION for them).
 * No installed header may include it or test ATM_NS3_VERSION, so that a user program compiles
 * against the installed headers whatever its build system: an ns-3 scratch/ script, an
 * out-of-tree CMake project (find_package(ns3-atm)) or a plain compiler command (pkg-config
 * ns3-atm). A build check compiles every installed header on its own without the define.
 *
 * ATM_NS3_VERSION is 100 * major + minor of the ns-3 release the module is built against (3.37 ->
 * 337). Installed ns-3 headers carry no version macro, so the build system derives it (from NS3_VER
 * in-tree, from the installed package's version, or from the wheel's library names) and passes it
 * as a compile definition; see cmake/atm-ns3.cmake.
 *
 * Differences handled here:
 * - 3.42 turned TestCase::TestDuration and TestSuite::Type into scoped enums
 *   (TestCase::Duration::QUICK, TestSuite::Type::UNIT) and deprecated the old names; 3.46 removed
 *   them. Tests use ATM_TEST_QUICK / ATM_TEST_EXTENSIVE / ATM_TEST_TAKES_FOREVER and
 *   ATM_SUITE_UNIT / ATM_SUITE_SYSTEM (the file using them includes "ns3/test.h").
 * - 3.38 made the callback of CommandLine::AddValue(name, help, callback) take its text as
 *   const std::string& instead of std::string: use AtmCommandLineCallback (AtmCommandLine).
 * - 3.42 renamed EventId::IsRunning() to IsPending() (the old name was removed in 3.46): use
 *   AtmEventIsPending().
 * - Up to 3.44, TcpSocketBase and RttEstimator override GetInstanceTypeId() to return their own
 *   TypeId, which hides a subclass's attributes from ObjectFactory and SetAttribute; 3.45 made
 *   Object::GetInstanceTypeId() final and dropped those overrides. A public header cannot carry
 *   the difference, so the classes concerned (TcpEraSocket, TcpTickRttEstimator) are
 *   instantiated as a private subclass in their .cc that adds ATM_INSTANCE_TYPEID_OVERRIDE(T).
 * - 3.41 made EnumValue and MakeEnumAccessor templates whose enum type must be named explicitly
 *   in MakeEnumAccessor<T>(); earlier releases have a plain MakeEnumAccessor(). Use
 *   ATM_MAKE_ENUM_ACCESSOR(T, accessors...) (the file using it includes "ns3/enum.h").
 */

#ifndef ATM_NS3_VERSION
#error                                                                                             \
    "ATM_NS3_VERSION is not defined: atm-ns3-compat.h is private to the atm module's own sources and tests, built through its CMakeLists.txt or wscript; user programs include ns3/atm-module.h or single ns3/<name>.h headers instead"
#endif

#include "ns3/callback.h"
#include "ns3/event-id.h"

#include <string>

#if ATM_NS3_VERSION >= 342
#define ATM_TEST_QUICK ns3::TestCase::Duration::QUICK
#define ATM_TEST_EXTENSIVE ns3::TestCase::Duration::EXTENSIVE
#define ATM_TEST_TAKES_FOREVER ns3::TestCase::Duration::TAKES_FOREVER
#define ATM_SUITE_UNIT ns3::TestSuite::Type::UNIT
#define ATM_SUITE_SYSTEM ns3::TestSuite::Type::SYSTEM
#define ATM_SUITE_EXAMPLE ns3::TestSuite::Type::EXAMPLE
#else
#define ATM_TEST_QUICK ns3::TestCase::QUICK
#define ATM_TEST_EXTENSIVE ns3::TestCase::EXTENSIVE
#define ATM_TEST_TAKES_FOREVER ns3::TestCase::TAKES_FOREVER
#define ATM_SUITE_UNIT ns3::TestSuite::UNIT
#define ATM_SUITE_SYSTEM ns3::TestSuite::SYSTEM
#define ATM_SUITE_EXAMPLE ns3::TestSuite::EXAMPLE
#endif

#if ATM_NS3_VERSION >= 341
#define ATM_MAKE_ENUM_ACCESSOR(T, ...) ns3::MakeEnumAccessor<T>(__VA_ARGS__)
#else
#define ATM_MAKE_ENUM_ACCESSOR(T, ...) ns3::MakeEnumAccessor(__VA_ARGS__)
#endif

// The callback of CommandLine::AddValue(name, help, callback) takes its text by value before
// ns-3.38 and by const reference from 3.38 on.
#if ATM_NS3_VERSION >= 338
#define AtmCommandLineCallback ns3::Callback<bool, const std::string&>
#else
#define AtmCommandLineCallback ns3::Callback<bool, std::string>
#endif

#if ATM_NS3_VERSION < 345
#define ATM_INSTANCE_TYPEID_OVERRIDE(T)                                                            \
    ns3::TypeId GetInstanceTypeId() const override                                                 \
    {                                                                                              \
        return T::GetTypeId();                                                                     \
    }
#else
#define ATM_INSTANCE_TYPEID_OVERRIDE(T)
#endif

namespace ns3
{

/**
 * @ingroup atm
 * @param id an event
 * @return true if the event is scheduled and has neither run nor been cancelled
 */
inline bool
AtmEventIsPending(const EventId& id)
{
#if ATM_NS3_VERSION >= 342
    return id.IsPending();
#else
    return id.IsRunning();
#endif
}

} // namespace ns3

#endif // ATM_NS3_COMPAT_H
