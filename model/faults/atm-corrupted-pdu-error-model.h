/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CORRUPTED_PDU_ERROR_MODEL_H
#define ATM_CORRUPTED_PDU_ERROR_MODEL_H

#include "ns3/error-model.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCorruptedPduErrorModel: the end host's checksum refusing packets of corrupted AAL5 PDUs.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The destination host's IP/TCP checksum, as an ns-3 receive error model: a packet that
 *        carries an Aal5CorruptedPduTag (an AAL5 PDU that failed its LEN or CRC-32 check at a
 *        reassembler with CheckCrc false, forwarded by IP routers) is corrupt, every other
 *        packet is not. No random draw.
 *
 * Install it as the `ReceiveErrorModel` of the host's device when corrupted PDUs can reach the
 * host over a non-ATM link (e.g. BON's routers: an access link from the destination router to
 * each host). An AtmNetDevice whose reassembler checks the CRC refuses tagged packets itself.
 */
class AtmCorruptedPduErrorModel : public ErrorModel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// @return packets refused so far
    uint64_t GetCorruptedPackets() const;

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    uint64_t m_corrupted{0}; //!< packets refused
};

} // namespace ns3

#endif // ATM_CORRUPTED_PDU_ERROR_MODEL_H
