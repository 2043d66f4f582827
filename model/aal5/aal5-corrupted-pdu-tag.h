/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AAL5_CORRUPTED_PDU_TAG_H
#define AAL5_CORRUPTED_PDU_TAG_H

#include "ns3/tag.h"

#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Packet tag of an SDU that an Aal5Reassembler with CheckCrc false delivered although its
 *        CPCS-PDU failed the LEN or CRC-32 check: cells of it were lost, or its end-of-PDU cell
 *        was lost and it ran into the next PDU, or a payload bit was damaged.
 *
 * BON's simulated VC-merge IP routers did not check the AAL5 CRC, so such PDUs crossed the
 * network and only the destination host's TCP/IP checksum refused them (Bonaventure's thesis,
 * App. B; counted as "corrupted PDUs" at the destination routers). The model keeps the headers
 * of the unit's first frame, so the packet can be routed, and marks it with this tag, which
 * survives IP forwarding and re-segmentation: an AtmNetDevice whose reassembler checks the CRC
 * (an end system) drops a tagged packet (RxFrameDrop, AtmNetDevice::CORRUPTED_UPSTREAM), and an
 * AtmCorruptedPduErrorModel does the same on any other ns-3 device (e.g. a router's
 * point-to-point access link to the host).
 */
class Aal5CorruptedPduTag : public Tag
{
  public:
    /// Which check the PDU failed.
    enum Failure : uint8_t
    {
        CRC = 1,   //!< the CRC-32 (cells lost or damaged, LEN consistent)
        LENGTH = 2 //!< LEN inconsistent with the size (end-of-PDU cell lost, or cells lost)
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /// A CRC failure.
    Aal5CorruptedPduTag() = default;
    /**
     * @param failure the check the PDU failed
     */
    explicit Aal5CorruptedPduTag(Failure failure);

    /// @return the check the PDU failed
    Failure GetFailure() const;

    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

  private:
    Failure m_failure{CRC}; //!< the failed check
};

} // namespace ns3

#endif // AAL5_CORRUPTED_PDU_TAG_H
