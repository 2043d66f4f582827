/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-error-model.h"

#include "atm-hec-receiver.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellErrorModel");

NS_OBJECT_ENSURE_REGISTERED(AtmCellErrorModel);

namespace
{
constexpr uint32_t PAYLOAD_BITS = 384; //!< 48 payload octets
constexpr double MAX_BER = 0.5;        //!< above it the line is worse than a coin toss
} // namespace

TypeId
AtmCellErrorModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCellErrorModel")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCellErrorModel>()
            .AddAttribute("CellLossRatio",
                          "Probability that a cell is lost on the link, in [0, 1], independently "
                          "of every other cell (0: no random loss).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&AtmCellErrorModel::SetCellLossRatio,
                                             &AtmCellErrorModel::GetCellLossRatio),
                          MakeDoubleChecker<double>())
            .AddAttribute("HeaderBitErrorRate",
                          "Probability that a bit of the 40-bit cell header (HEC included) is "
                          "inverted, in [0, 0.5], independently of every other bit; the "
                          "receiver's HEC corrects or discards (ITU-T I.432.1 clause 7.3.1).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&AtmCellErrorModel::SetHeaderBitErrorRate,
                                             &AtmCellErrorModel::GetHeaderBitErrorRate),
                          MakeDoubleChecker<double>())
            .AddAttribute("PayloadBitErrorRate",
                          "Probability that a bit of the 384-bit payload is inverted, in "
                          "[0, 0.5], independently of every other bit; an errored payload makes "
                          "the AAL5 CRC-32 discard its frame.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&AtmCellErrorModel::SetPayloadBitErrorRate,
                                             &AtmCellErrorModel::GetPayloadBitErrorRate),
                          MakeDoubleChecker<double>());
    return tid;
}

AtmCellErrorModel::AtmCellErrorModel()
    : m_headerCdf(1, 1.0),
      m_payloadCdf(1, 1.0),
      m_rng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

AtmCellErrorModel::~AtmCellErrorModel()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCellErrorModel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_rng = nullptr;
    Object::DoDispose();
}

void
AtmCellErrorModel::SetCellLossRatio(double ratio)
{
    NS_ABORT_MSG_IF(!(ratio >= 0.0 && ratio <= 1.0),
                    "AtmCellErrorModel: CellLossRatio " << ratio
                                                        << " is outside the valid range [0, 1]");
    m_cellLossRatio = ratio;
}

double
AtmCellErrorModel::GetCellLossRatio() const
{
    return m_cellLossRatio;
}

void
AtmCellErrorModel::SetHeaderBitErrorRate(double rate)
{
    NS_ABORT_MSG_IF(!(rate >= 0.0 && rate <= MAX_BER),
                    "AtmCellErrorModel: HeaderBitErrorRate "
                        << rate << " is outside the valid range [0, " << MAX_BER << "]");
    m_headerBer = rate;
    m_headerCdf = BinomialCdf(AtmHecReceiver::HEADER_BITS, rate);
}

double
AtmCellErrorModel::GetHeaderBitErrorRate() const
{
    return m_headerBer;
}

void
AtmCellErrorModel::SetPayloadBitErrorRate(double rate)
{
    NS_ABORT_MSG_IF(!(rate >= 0.0 && rate <= MAX_BER),
                    "AtmCellErrorModel: PayloadBitErrorRate "
                        << rate << " is outside the valid range [0, " << MAX_BER << "]");
    m_payloadBer = rate;
    m_payloadCdf = BinomialCdf(PAYLOAD_BITS, rate);
}

double
AtmCellErrorModel::GetPayloadBitErrorRate() const
{
    return m_payloadBer;
}

void
AtmCellErrorModel::NotifyDirection(bool added)
{
    NS_ASSERT_MSG(added || m_directions > 0, "AtmCellErrorModel: a direction removed twice");
    m_directions = added ? m_directions + 1 : m_directions - 1;
}

uint32_t
AtmCellErrorModel::GetDirections() const
{
    return m_directions;
}

int64_t
AtmCellErrorModel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_rng->SetStream(stream);
    return 1;
}

double
AtmCellErrorModel::Uniform()
{
    return m_rng->GetValue();
}

AtmCellImpairment
AtmCellErrorModel::Draw(const AtmCell& /* cell */)
{
    // Per cell: no NS_LOG_FUNCTION.
    AtmCellImpairment imp;
    if (m_cellLossRatio > 0 && Uniform() < m_cellLossRatio)
    {
        imp.lost = true;
        return imp;
    }
    if (m_headerBer > 0)
    {
        imp.headerBitErrors = static_cast<uint8_t>(InvertCdf(m_headerCdf, Uniform()));
    }
    if (m_payloadBer > 0)
    {
        imp.payloadBitErrors = static_cast<uint16_t>(InvertCdf(m_payloadCdf, Uniform()));
    }
    return imp;
}

std::vector<double>
AtmCellErrorModel::BinomialCdf(uint32_t n, double p)
{
    NS_ABORT_MSG_IF(!(p >= 0.0 && p <= 1.0), "AtmCellErrorModel::BinomialCdf: p " << p);
    if (p == 0.0)
    {
        return {1.0};
    }
    std::vector<double> cdf;
    cdf.reserve(n + 1);
    if (p == 1.0)
    {
        cdf.assign(n, 0.0);
        cdf.push_back(1.0);
        return cdf;
    }
    // pmf(0) = (1 - p)^n, pmf(k + 1) = pmf(k) (n - k) / (k + 1) p / (1 - p).
    double pmf = std::exp(static_cast<double>(n) * std::log1p(-p));
    double sum = 0;
    const double odds = p / (1.0 - p);
    for (uint32_t k = 0; k <= n; ++k)
    {
        sum += pmf;
        if (sum >= 1.0 || k == n)
        {
            cdf.push_back(1.0);
            break;
        }
        cdf.push_back(sum);
        pmf *= static_cast<double>(n - k) / static_cast<double>(k + 1) * odds;
    }
    return cdf;
}

uint32_t
AtmCellErrorModel::InvertCdf(const std::vector<double>& cdf, double u)
{
    if (u < cdf[0])
    {
        return 0; // the common case: no error
    }
    const auto it = std::upper_bound(cdf.begin() + 1, cdf.end(), u);
    return it == cdf.end() ? static_cast<uint32_t>(cdf.size() - 1)
                           : static_cast<uint32_t>(it - cdf.begin());
}

} // namespace ns3
