/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * The HEC receiver of ITU-T I.432.1 (clause 7.3.1) on hand-made error sequences, and the cell
 * error model's binomial tables and draws, without the simulator.
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-hec-receiver.h"
#include "ns3/double.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdint>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @ingroup atm-tests
 * The two modes on a hand-made sequence: every outcome and every mode change by hand.
 */
class AtmHecReceiverSequenceTestCase : public TestCase
{
  public:
    AtmHecReceiverSequenceTestCase()
        : TestCase("The HEC receiver corrects a single-bit error only in correction mode, "
                   "discards multi-bit errors, discards every errored header in detection mode "
                   "and returns to correction mode on an error-free header")
    {
    }

  private:
    void DoRun() override
    {
        using R = AtmHecReceiver;

        struct Step
        {
            uint32_t bits;     // errored header bits
            R::Outcome out;    // expected outcome
            R::Mode modeAfter; // expected mode afterwards
        };

        // By hand from I.432.1 clause 7.3.1 (C = correction, D = detection mode).
        const std::vector<Step> steps = {
            {0, R::VALID, R::CORRECTION},               // C: clean
            {1, R::CORRECTED, R::DETECTION},            // C: single-bit -> corrected, to D
            {0, R::VALID, R::CORRECTION},               // D: clean -> back to C
            {1, R::CORRECTED, R::DETECTION},            // C: corrected, to D
            {1, R::DISCARDED_DETECTION, R::DETECTION},  // D: even a single bit is discarded
            {0, R::VALID, R::CORRECTION},               // D: clean -> C
            {2, R::DISCARDED_MULTI_BIT, R::DETECTION},  // C: multi-bit -> discarded, to D
            {0, R::VALID, R::CORRECTION},               // D -> C
            {2, R::DISCARDED_MULTI_BIT, R::DETECTION},  // C -> D
            {1, R::DISCARDED_DETECTION, R::DETECTION},  // D stays D
            {0, R::VALID, R::CORRECTION},               // D -> C
            {0, R::VALID, R::CORRECTION},               // C stays C
            {40, R::DISCARDED_MULTI_BIT, R::DETECTION}, // C: every bit inverted
            {3, R::DISCARDED_DETECTION, R::DETECTION},  // D stays D
            {0, R::VALID, R::CORRECTION},               // D -> C
            {1, R::CORRECTED, R::DETECTION},            // C -> D
        };
        R hec;
        NS_TEST_ASSERT_MSG_EQ(hec.GetMode(), R::CORRECTION, "a receiver starts in correction");
        uint32_t passed = 0;
        for (uint32_t i = 0; i < steps.size(); ++i)
        {
            const R::Outcome out = hec.Receive(steps[i].bits);
            NS_TEST_ASSERT_MSG_EQ(out, steps[i].out, "outcome of cell " << i);
            NS_TEST_ASSERT_MSG_EQ(hec.GetMode(), steps[i].modeAfter, "mode after cell " << i);
            passed += R::IsPassed(out) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(hec.GetCount(R::VALID), 7U, "error-free headers");
        NS_TEST_ASSERT_MSG_EQ(hec.GetCount(R::CORRECTED), 3U, "corrected headers");
        NS_TEST_ASSERT_MSG_EQ(hec.GetCount(R::DISCARDED_MULTI_BIT), 3U, "multi-bit discards");
        NS_TEST_ASSERT_MSG_EQ(hec.GetCount(R::DISCARDED_DETECTION), 3U, "detection discards");
        NS_TEST_ASSERT_MSG_EQ(passed, 10U, "cells passed on");

        // Resync (an error-free idle cell) returns to correction mode, keeping the counts.
        hec.Receive(0);
        hec.Receive(2);
        NS_TEST_ASSERT_MSG_EQ(hec.GetMode(), R::DETECTION, "detection after a multi-bit error");
        hec.Resync();
        NS_TEST_ASSERT_MSG_EQ(hec.GetMode(), R::CORRECTION, "correction after a resync");
        NS_TEST_ASSERT_MSG_EQ(hec.Receive(1), R::CORRECTED, "so a single-bit error is corrected");
        NS_TEST_ASSERT_MSG_EQ(hec.GetCount(R::DISCARDED_MULTI_BIT), 4U, "counts kept");
    }
};

/**
 * @ingroup atm-tests
 * The binomial tables against values computed by hand (Python's math.comb, double precision).
 */
class AtmCellErrorModelTableTestCase : public TestCase
{
  public:
    AtmCellErrorModelTableTestCase()
        : TestCase("The binomial distribution tables match hand-computed values and inversion "
                   "returns the smallest count whose probability exceeds the draw")
    {
    }

  private:
    void DoRun() override
    {
        // Binomial(40, 0.01): P(X <= k), k = 0..3.
        const std::vector<double> h = AtmCellErrorModel::BinomialCdf(40, 0.01);
        const double hRef[] = {0.6689717585696803,
                               0.9392633781937936,
                               0.9925026366046038,
                               0.9993143935729903};
        for (uint32_t k = 0; k < 4; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(h[k], hRef[k], 1e-12, "Binomial(40, 0.01) cdf at " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(h.back(), 1.0, "the table ends at exactly 1");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(h.size(), 41U, "at most n + 1 entries");
        // Binomial(384, 0.001): P(X <= k), k = 0..2.
        const std::vector<double> p = AtmCellErrorModel::BinomialCdf(384, 0.001);
        const double pRef[] = {0.6810005752658318, 0.9427665621548003, 0.9929449270088918};
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(p[k], pRef[k], 1e-12, "Binomial(384, 0.001) cdf at " << k);
        }
        // Degenerate rates.
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::BinomialCdf(40, 0.0).size(), 1U, "p = 0");
        const std::vector<double> all = AtmCellErrorModel::BinomialCdf(40, 1.0);
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::InvertCdf(all, 0.0), 40U, "p = 1: all bits");
        // Inversion at the boundaries.
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::InvertCdf(h, 0.0), 0U, "u = 0");
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::InvertCdf(h, std::nextafter(hRef[0], 0.0)),
                              0U,
                              "just below P(0)");
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::InvertCdf(h, h[0]), 1U, "at P(0)");
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::InvertCdf(h, 0.95), 2U, "between P(1), P(2)");
        NS_TEST_ASSERT_MSG_EQ(AtmCellErrorModel::InvertCdf(h, std::nextafter(1.0, 0.0)),
                              static_cast<uint32_t>(h.size() - 1),
                              "the largest draw");
    }
};

/**
 * @ingroup atm-tests
 * The draws: frequencies near their probabilities, reproducible streams, no draw at rate 0.
 */
class AtmCellErrorModelDrawTestCase : public TestCase
{
  public:
    AtmCellErrorModelDrawTestCase()
        : TestCase("Cell loss, header and payload error frequencies match CellLossRatio and the "
                   "binomial means; a fixed stream reproduces the draws; zero rates impair "
                   "nothing")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 200000;
        Ptr<AtmCellErrorModel> m = CreateObject<AtmCellErrorModel>();
        m->SetAttribute("CellLossRatio", DoubleValue(0.1));
        m->SetAttribute("HeaderBitErrorRate", DoubleValue(0.01));
        m->SetAttribute("PayloadBitErrorRate", DoubleValue(0.001));
        NS_TEST_ASSERT_MSG_EQ(m->AssignStreams(11), 1, "one stream");
        uint64_t lost = 0;
        uint64_t delivered = 0;
        uint64_t headerClean = 0;
        uint64_t headerBits = 0;
        uint64_t payloadBits = 0;
        const AtmCell cell;
        std::vector<AtmCellImpairment> first;
        for (uint32_t i = 0; i < n; ++i)
        {
            const AtmCellImpairment imp = m->Draw(cell);
            if (i < 1000)
            {
                first.push_back(imp);
            }
            if (imp.lost)
            {
                ++lost;
                NS_TEST_ASSERT_MSG_EQ(imp.headerBitErrors + imp.payloadBitErrors,
                                      0,
                                      "a lost cell carries no bit errors");
                continue;
            }
            ++delivered;
            headerClean += imp.headerBitErrors == 0 ? 1 : 0;
            headerBits += imp.headerBitErrors;
            payloadBits += imp.payloadBitErrors;
        }
        // Tolerances of 5 standard deviations.
        const double lossRatio = static_cast<double>(lost) / n;
        NS_TEST_ASSERT_MSG_EQ_TOL(lossRatio, 0.1, 5 * std::sqrt(0.1 * 0.9 / n), "cell loss ratio");
        const double clean = static_cast<double>(headerClean) / delivered;
        const double p0 = 0.6689717585696803;
        NS_TEST_ASSERT_MSG_EQ_TOL(clean, p0, 5 * std::sqrt(p0 * (1 - p0) / delivered), "P(0)");
        const double meanH = static_cast<double>(headerBits) / delivered;
        NS_TEST_ASSERT_MSG_EQ_TOL(meanH, 0.4, 5 * std::sqrt(0.4 * 0.99 / delivered), "40 p_h");
        const double meanP = static_cast<double>(payloadBits) / delivered;
        NS_TEST_ASSERT_MSG_EQ_TOL(meanP,
                                  0.384,
                                  5 * std::sqrt(0.384 * 0.999 / delivered),
                                  "384 p_p");

        // The same stream gives the same draws.
        Ptr<AtmCellErrorModel> again = CreateObject<AtmCellErrorModel>();
        again->SetAttribute("CellLossRatio", DoubleValue(0.1));
        again->SetAttribute("HeaderBitErrorRate", DoubleValue(0.01));
        again->SetAttribute("PayloadBitErrorRate", DoubleValue(0.001));
        again->AssignStreams(11);
        for (uint32_t i = 0; i < first.size(); ++i)
        {
            const AtmCellImpairment imp = again->Draw(cell);
            NS_TEST_ASSERT_MSG_EQ((imp.lost == first[i].lost &&
                                   imp.headerBitErrors == first[i].headerBitErrors &&
                                   imp.payloadBitErrors == first[i].payloadBitErrors),
                                  true,
                                  "draw " << i << " reproduced");
        }

        // Default rates: nothing happens.
        Ptr<AtmCellErrorModel> none = CreateObject<AtmCellErrorModel>();
        for (uint32_t i = 0; i < 1000; ++i)
        {
            const AtmCellImpairment imp = none->Draw(cell);
            NS_TEST_ASSERT_MSG_EQ((imp.lost || imp.headerBitErrors || imp.payloadBitErrors),
                                  false,
                                  "zero rates impair nothing");
        }
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The HEC receiver and cell error model suite.
 */
class AtmFaultHecTestSuite : public TestSuite
{
  public:
    AtmFaultHecTestSuite()
        : TestSuite("atm-fault-hec", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmHecReceiverSequenceTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmCellErrorModelTableTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmCellErrorModelDrawTestCase(), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmFaultHecTestSuite g_atmFaultHecTestSuite;
