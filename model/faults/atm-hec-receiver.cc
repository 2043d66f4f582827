/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hec-receiver.h"

#include "ns3/abort.h"

namespace ns3
{

AtmHecReceiver::Outcome
AtmHecReceiver::Receive(uint32_t erroredBits)
{
    NS_ABORT_MSG_IF(erroredBits > HEADER_BITS,
                    "AtmHecReceiver: " << erroredBits << " errored header bits (0.." << HEADER_BITS
                                       << ")");
    Outcome outcome;
    if (erroredBits == 0)
    {
        outcome = VALID;
        m_mode = CORRECTION;
    }
    else if (m_mode == CORRECTION)
    {
        outcome = erroredBits == 1 ? CORRECTED : DISCARDED_MULTI_BIT;
        m_mode = DETECTION;
    }
    else
    {
        outcome = DISCARDED_DETECTION;
    }
    ++m_count[outcome];
    return outcome;
}

void
AtmHecReceiver::Resync()
{
    m_mode = CORRECTION;
}

AtmHecReceiver::Mode
AtmHecReceiver::GetMode() const
{
    return m_mode;
}

uint64_t
AtmHecReceiver::GetCount(Outcome outcome) const
{
    NS_ABORT_MSG_IF(outcome >= N_OUTCOMES, "AtmHecReceiver: outcome " << int(outcome));
    return m_count[outcome];
}

std::ostream&
operator<<(std::ostream& os, AtmHecReceiver::Mode mode)
{
    return os << (mode == AtmHecReceiver::CORRECTION ? "correction" : "detection");
}

std::ostream&
operator<<(std::ostream& os, AtmHecReceiver::Outcome outcome)
{
    switch (outcome)
    {
    case AtmHecReceiver::VALID:
        return os << "valid";
    case AtmHecReceiver::CORRECTED:
        return os << "corrected";
    case AtmHecReceiver::DISCARDED_MULTI_BIT:
        return os << "discarded (multi-bit)";
    case AtmHecReceiver::DISCARDED_DETECTION:
        return os << "discarded (detection mode)";
    default:
        return os << "outcome " << int(outcome);
    }
}

} // namespace ns3
