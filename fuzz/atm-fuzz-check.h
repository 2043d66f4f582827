/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FUZZ_CHECK_H
#define ATM_FUZZ_CHECK_H

/**
 * @file
 * @ingroup atm
 * The property check of the fuzz targets in fuzz/: a broken property prints its text and
 * aborts, which libFuzzer reports as a crash and saves the input that caused it.
 */

#include <cstdio>
#include <cstdlib>

/**
 * @ingroup atm
 * @brief Abort with the file, line and text of @p cond unless it holds.
 * @param cond the property
 */
#define ATM_FUZZ_CHECK(cond)                                                                       \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            std::fprintf(stderr, "%s:%d: property broken: %s\n", __FILE__, __LINE__, #cond);       \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

#endif // ATM_FUZZ_CHECK_H
