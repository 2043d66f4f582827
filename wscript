# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
# SPDX-License-Identifier: GPL-2.0-only
#
# Build of the atm module in waf-era ns-3 trees (<= 3.35), best effort: checked by hand against an
# ns-3.35 tree, not in CI. The file lists are read from CMakeLists.txt, so the two builds cannot
# drift apart: add files there only.

import os
import re


def _cmake_list(bld, name):
    """Return the entries of set(<name> ...) in this module's CMakeLists.txt."""
    # waf runs this file without __file__: the module directory comes from the build context.
    with open(os.path.join(bld.path.abspath(), 'CMakeLists.txt')) as f:
        text = f.read()
    match = re.search(r'set\(\s*' + re.escape(name) + r'\s+([^)]*)\)', text)
    if match is None:
        raise RuntimeError('atm/wscript: no set(%s ...) in CMakeLists.txt' % name)
    lines = [line.split('#', 1)[0] for line in match.group(1).splitlines()]
    return ' '.join(lines).split()


def _ns3_version(bld):
    """100 * major + minor of this tree, from its VERSION file (e.g. 3.35 -> 335)."""
    top = bld.srcnode.abspath()
    try:
        with open(os.path.join(top, 'VERSION')) as f:
            text = f.read().strip()
    except IOError:
        text = '3.35'
    match = re.match(r'3\.(\d+)', text)
    return 300 + int(match.group(1)) if match else 399


def build(bld):
    modules = _cmake_list(bld, 'ATM_NS3_MODULES')
    version_define = 'ATM_NS3_VERSION=%d' % _ns3_version(bld)

    # The factorial ANOVA needs GSL: built when the tree found it (src/core/wscript sets
    # ENABLE_GSL and the GSL, GSLCBLAS use names), left out otherwise.
    gsl = bool(bld.env['ENABLE_GSL'])
    extra = (lambda name: _cmake_list(bld, name)) if gsl else (lambda name: [])

    module = bld.create_ns3_module('atm', modules)
    module.source = _cmake_list(bld, 'atm_source_files') + extra('atm_gsl_source_files')
    module.defines = [version_define]
    # The private compatibility header (model/atm-ns3-compat.h, not installed) for the module's
    # own sources and tests, wherever they sit under model/.
    module.includes = ['model']
    if gsl:
        module.use.extend(['GSL', 'GSLCBLAS', 'M'])

    module_test = bld.create_ns3_module_test_library('atm')
    module_test.source = _cmake_list(bld, 'atm_test_sources') + extra('atm_gsl_test_sources')
    module_test.defines = [version_define]
    module_test.includes = ['model']

    headers = bld(features='ns3header')
    headers.module = 'atm'
    headers.source = _cmake_list(bld, 'atm_header_files') + extra('atm_gsl_header_files')

    if bld.env['ENABLE_EXAMPLES']:
        for example in _cmake_list(bld, 'atm_examples') + extra('atm_gsl_examples'):
            obj = bld.create_ns3_program(example, ['atm'] + modules)
            obj.source = 'examples/%s.cc' % example

    bld.ns3_python_bindings()
