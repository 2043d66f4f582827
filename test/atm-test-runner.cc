/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Standalone test runner for the atm module's ns-3 test suites (standalone builds; in an ns-3
 * tree use test.py or ns-3's own test-runner). It accepts ns-3's test-runner flags, e.g.
 * --list, --suite=NAME, --fullness=QUICK|EXTENSIVE|TAKES_FOREVER and --verbose.
 */

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
