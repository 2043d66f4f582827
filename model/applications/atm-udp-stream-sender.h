/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_UDP_STREAM_SENDER_H
#define ATM_UDP_STREAM_SENDER_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmUdpStreamSender: a netperf UDP_STREAM-like datagram sender.
 */

namespace ns3
{

class AtmNetDevice;
class NetDevice;
class Packet;
class Socket;

/**
 * @ingroup atm
 * @brief A UDP sender of `MessageSize`-byte datagrams (1 ... 65507 bytes of UDP payload, no
 *        header of its own) to `Remote`, netperf's UDP_STREAM test (`-m` = MessageSize), as the
 *        TEN-34 measurements used it (TEN-34 Deliverable D11.3, "Results of Phase 1 Test
 *        Programme", 1997, Fig. 11: datagram sizes 1 ... 9152 bytes).
 *
 * Two ways to send, chosen by the attributes `Rate` and `Interval`:
 * - **paced** (`Rate` > 0: one datagram every MessageSize x 8 / Rate, the rate counting the
 *   datagram's payload bytes only; or `Interval` > 0: one datagram per interval): the datagrams
 *   are handed to the socket on that schedule, whatever the path below does with them. A
 *   datagram that finds more than `SendBufferBytes` waiting in the adapter's frame queues
 *   (AtmNetDevice::GetQueueBytes()) is not sent and counts as a send failure, as a BSD host's
 *   sendto() fails with ENOBUFS when the interface queue is full (netperf counts those as send
 *   errors). Without an AtmNetDevice on the way to `Remote` the check is left out.
 * - **back-to-back** (both 0, the default): netperf's loop of sendto() calls on a host whose
 *   adapter flow-controls the stack (a Solaris STREAMS driver blocks the writer when its queue
 *   is full): the next datagram is handed to the socket when the adapter's frame queues are
 *   empty, i.e. when the previous datagram's CPCS-PDU has started segmentation (AtmNetDevice
 *   trace "FrameTx"), or was refused by the adapter ("TxDrop"). One datagram is then always
 *   waiting behind the one being segmented, so the adapter never idles and never holds more:
 *   the sender runs at exactly the rate at which the adapter drains the VC (line rate for
 *   unshaped UBR, the PCR for a shaped VC), and cells dropped further on do not slow it down.
 *   Datagrams larger than the IP MTU leave as IP fragments; the next datagram waits for the
 *   last of them. Needs an AtmNetDevice as the outgoing interface to `Remote` (found by the
 *   node's IPv4 routing at the start time).
 *
 * The sender sends `MaxDatagrams` datagrams (0: until the application stops) and counts the
 * datagrams and bytes the socket accepted (GetDatagramsSent(), GetBytesSent(), trace "Tx" per
 * datagram) and the send failures (GetSendFailures(): a refused Send(), a full adapter queue in
 * paced mode, an adapter refusal in back-to-back mode). A host's own limits (CPU, copies,
 * interrupts) are not modelled: an AtmHostCpu on the node delays each packet's way to the
 * adapter (AtmNetDevice), which the back-to-back mode then follows.
 *
 * ns-3's UdpClient carries a 12-byte sequence/timestamp header in every datagram (no datagram
 * below 12 bytes, TEN34 starts at 1) and OnOffApplication has no back-to-back mode driven by the
 * adapter; hence this class. At the receiver ns-3's PacketSink (UdpSocketFactory) counts the
 * bytes and, by its "Rx" trace, the datagrams.
 *
 * @code
 *   Ptr<AtmUdpStreamSender> sender = CreateObject<AtmUdpStreamSender>();
 *   sender->SetAttribute("Remote", AddressValue(InetSocketAddress(receiverAddress, 9)));
 *   sender->SetAttribute("MessageSize", UintegerValue(9152));
 *   hostNode->AddApplication(sender);   // back-to-back at the rate the adapter drains
 *   sender->SetStartTime(Seconds(0));
 * @endcode
 */
class AtmUdpStreamSender : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmUdpStreamSender();
    ~AtmUdpStreamSender() override;

    /// Largest UDP payload of one IPv4 datagram: 65535 - 20 (IP) - 8 (UDP).
    static constexpr uint32_t MAX_MESSAGE_SIZE = 65507;

    /**
     * @brief Cells the adapter sends for one datagram: ceil((S + 8 UDP + 20 IP + E + 8 AAL5
     *        trailer) / 48) for a datagram that fits the MTU (E = 8 for LLC/SNAP, 0 for VC-mux);
     *        a larger one leaves as IPv4 fragments of at most (MTU - 20) rounded down to 8
     *        bytes of data each (RFC 791), every fragment its own CPCS-PDU.
     * @param size S, the UDP payload (1 ... 65507)
     * @param mtu the IP MTU (>= 68)
     * @param mode the encapsulation
     * @return the cells
     */
    static uint64_t GetCellsPerDatagram(uint32_t size, uint32_t mtu, AtmEncapsulation::Mode mode);

    /// @return datagrams the socket accepted
    uint64_t GetDatagramsSent() const;
    /// @return payload bytes of the datagrams the socket accepted
    uint64_t GetBytesSent() const;
    /// @return datagrams not sent or refused (see the class description)
    uint64_t GetSendFailures() const;
    /// @return the instant of the first datagram (0 before it)
    Time GetFirstSendTime() const;
    /// @return the instant of the last datagram (0 before it)
    Time GetLastSendTime() const;
    /// @return true if the sender runs back-to-back (Rate and Interval 0)
    bool IsBackToBack() const;
    /// @return the adapter the datagrams leave by (null before the start or if not ATM)
    Ptr<AtmNetDevice> GetDevice() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// @return the outgoing interface of the node's IPv4 routing towards Remote (or null)
    Ptr<NetDevice> FindDevice() const;
    /// Hand one datagram to the socket (or count a failure) and arrange the next one.
    void SendOne();
    /**
     * @param k a datagram's index from 0
     * @return paced mode: its release instant
     */
    Time GetReleaseTime(uint64_t k) const;
    /**
     * @brief AtmNetDevice "FrameTx": a frame started segmentation.
     * @param vc its VC
     * @param sdu the CPCS-SDU
     */
    void FrameStarted(uint32_t vc, Ptr<const Packet> sdu);
    /**
     * @brief AtmNetDevice "TxDrop": the adapter refused a packet.
     * @param vc its VC
     * @param packet the packet
     * @param reason why
     */
    void AdapterRefused(uint32_t vc, Ptr<const Packet> packet, const char* reason);
    /// Back-to-back: send the next datagram if the adapter's queues are empty.
    void MaybeSendNext();
    /// @return true if MaxDatagrams are done
    bool Done() const;

    Address m_peer;             //!< attribute Remote
    uint32_t m_size;            //!< attribute MessageSize
    DataRate m_rate;            //!< attribute Rate
    Time m_interval;            //!< attribute Interval
    uint64_t m_maxDatagrams;    //!< attribute MaxDatagrams
    uint32_t m_sendBufferBytes; //!< attribute SendBufferBytes

    Ptr<Socket> m_socket;         //!< the UDP socket
    Ptr<AtmNetDevice> m_device;   //!< the adapter towards Remote (null if not ATM)
    EventId m_event;              //!< the next send
    bool m_running{false};        //!< between start and stop
    bool m_waiting{false};        //!< back-to-back: a datagram is in the adapter's queue
    uint64_t m_datagrams{0};      //!< datagrams accepted
    uint64_t m_bytes{0};          //!< bytes accepted
    uint64_t m_failures{0};       //!< send failures
    uint64_t m_attempts{0};       //!< datagrams tried (sent or failed)
    uint64_t m_currentUid{0};     //!< the uid of the datagram last handed to the socket
    bool m_refusedCurrent{false}; //!< the adapter refused that datagram
    bool m_inSend{false};         //!< inside Socket::Send()
    Time m_origin;                //!< the start time
    Time m_first;                 //!< first datagram
    Time m_last;                  //!< last datagram
    TracedCallback<Ptr<const Packet>> m_txTrace; //!< "Tx"
};

} // namespace ns3

#endif // ATM_UDP_STREAM_SENDER_H
