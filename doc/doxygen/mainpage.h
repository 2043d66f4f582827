/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * The main page of the atm module's API reference (doc/doxygen/Doxyfile); no code.
 */

/**
 * @mainpage The atm module for ns-3: API reference
 *
 * The @c atm module simulates ATM networks at cell level underneath ns-3's own IPv4/TCP stack:
 * the 53-byte cell and its header with the HEC (ITU-T I.361, I.432), AAL5 segmentation and
 * reassembly (ITU-T I.363.5), LLC/SNAP and VC-multiplexed encapsulation (RFC 2684), Classical IP
 * adapters with permanent VCs, output-buffered switches, traffic contracts with GCRA policing and
 * shaping, buffer acceptance policies, cell schedulers, ABR flow control, link faults and the
 * traffic sources of the 1990s TCP-over-ATM studies it re-runs. This reference documents its C++
 * API; the manual says how the pieces fit together.
 *
 * @section atm-mainpage-start Where to start
 *
 * - @ref atm "The atm module" (the module's group): every class, by topic.
 * - @ref atm-introspected "Attributes and trace sources": every TypeId of the module with its
 *   attributes (help, type, initial value, flags) and trace sources (help, callback signature),
 *   generated from the module library.
 * - ns3::AtmHelper (adapters and links), ns3::AtmPvcHelper (permanent VCs, ATMARP, routes),
 *   ns3::AtmNetDevice (the Classical IP adapter), ns3::AtmSwitch and ns3::AtmOutputPort (the
 *   switch and its buffer policy and cell scheduler), ns3::AtmTrafficContract (the contract of a
 *   VC).
 * - The examples, each a documented file: atm-first.cc (two hosts, two switches, one PVC, one TCP
 *   transfer) first, then atm-aal5-demo.cc, atm-n-source.cc, atm-cbr-window.cc,
 *   atm-vbr-police.cc, atm-vp-split.cc, atm-faults.cc, atm-scheduler-share.cc,
 *   atm-gfr-workstation.cc, atm-router-bundle.cc, atm-abr-routers.cc, atm-abr-vsvd.cc,
 *   atm-spims.cc, atm-cdv.cc, atm-bundle.cc, atm-udp.cc, atm-www.cc and atm-anova.cc (in
 *   examples/).
 * - @ref atm-tests "The test utilities" (test/atm-test-utils.h) shared by the module's suites.
 *
 * @section atm-mainpage-manual The manual
 *
 * The manual is reStructuredText in doc/, built with Sphinx
 * (<tt>sphinx-build -W --keep-going -b html doc build/doc/html</tt>):
 *
 * - doc/atm.rst: the module's top page (what it models, the chapters);
 * - doc/atm-design.rst: the model and its design;
 * - doc/atm-user.rst: usage: building a program with the module, the helpers, tracing, the
 *   examples, the attributes and trace sources, building in and out of an ns-3 tree, the
 *   supported releases, and this reference;
 * - doc/atm-gfr.rst and doc/atm-abr.rst: the GFR and ABR service categories end to end;
 * - doc/atm-validation.rst: the tests and the reproductions of the published studies;
 * - doc/atm-reliability.rst: the checks beyond the tests: sanitizers, fuzzing, determinism, long
 *   runs;
 * - doc/atm-references.rst: the standards and papers the module follows;
 * - doc/buffer-policies/: one page per buffer policy; doc/validation/: the deviations per study.
 *
 * @section atm-mainpage-build Building this reference
 *
 * From a standalone build of the module in @c build (the introspection program
 * @c atm-print-introspected-doxygen is one of its targets):
 *
 * @verbatim
   source utils/atm-common.sh && atm_doxygen build local
   @endverbatim
 *
 * writes build/doxygen/html/index.html and the warnings to build/doxygen/doxygen-warnings.log.
 */
