/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_NET_DEVICE_H
#define ATM_NET_DEVICE_H

#include "atm-device.h"
#include "atm-host-cpu.h"
#include "atm-ring.h"

#include "ns3/aal5-frame.h"
#include "ns3/aal5-reassembler.h"
#include "ns3/aal5-sender.h"
#include "ns3/abr-shaper.h"
#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/atm-pdu-tagger.h"
#include "ns3/atm-shaper.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/error-model.h"
#include "ns3/ipv4-address.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmNetDevice: an ATM end-system or IP-router adapter (Classical IP over ATM).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Per-VC counters of an AtmNetDevice (64-bit, since the start of the run).
 */
struct AtmNetDeviceVcStats
{
    uint64_t framesQueued{0};    //!< SDUs accepted from the upper layer into the VC's frame queue
    uint64_t framesDropped{0};   //!< SDUs refused by the frame queue limits
    uint64_t framesTx{0};        //!< CPCS-PDUs whose segmentation started
    uint64_t bytesTx{0};         //!< CPCS-SDU bytes (with LLC/SNAP) of those PDUs
    uint64_t cellsTx{0};         //!< cells sent on the link
    uint64_t framesTagged{0};    //!< PDUs the VC's PDU tagger sent with CLP = 1
    uint64_t rmCellsTx{0};       //!< of cellsTx, ABR RM cells (forward and turned-around)
    uint64_t cellsRx{0};         //!< cells received on the VC
    uint64_t rmCellsRx{0};       //!< of cellsRx, RM cells (PTI 110)
    uint64_t framesRx{0};        //!< CPCS-SDUs delivered by reassembly
    uint64_t bytesRx{0};         //!< CPCS-SDU bytes of those SDUs
    uint64_t framesRxDropped{0}; //!< delivered SDUs refused: bad LLC/SNAP, a corrupted PDU at
                                 //!< an end system, or the ReceiveErrorModel
    /// of framesRx, SDUs of PDUs that failed their AAL5 check here or at a router before
    /// (Aal5CorruptedPduTag): BON's "corrupted PDUs" received
    uint64_t framesRxCorrupted{0};
};

/**
 * @ingroup atm
 * @brief An ATM adapter for an end system or an IP router: Classical IP over ATM (RFC 2225)
 *        over permanent VCs, AAL5, LLC/SNAP or VC-mux encapsulation (RFC 2684).
 *
 * Transmit: IPv4 hands a packet with a next-hop "hardware address"; that address is the
 * synthetic Mac48Address of one VC on this device (GetVcAddress()), installed as a permanent
 * ATMARP entry by AtmPvcHelper. The packet is encapsulated and waits in the
 * VC's frame queue (limits in bytes per device and optionally per VC; a refused SDU is traced
 * with its reason). The send side of AAL5 is the device's Aal5Sender (GetSender()): it segments
 * each VC's frames lazily, one cell of the VC at a time in the output port, the next produced
 * when it leaves, so the port's scheduler (round robin between VCs by default) interleaves the
 * VCs cell by cell. The edge never drops because of back-pressure (credits, shaping), only
 * when its frame queues overflow.
 *
 * Traffic control (a router's IP output queue): by default the device has no
 * NetDeviceQueueInterface, so the node's traffic-control layer hands every packet straight to
 * it and the frame queues are the only queue (and Ipv4AddressHelper::Assign installs no queue
 * disc: its default, FqCoDel, is an AQM no adapter of the studied networks had). When a
 * NetDeviceQueueInterface is aggregated to the device (AtmHelper::SetTrafficControl(), or by
 * hand before the node's Ipv4 interfaces are set up), its one transmit queue is stopped while
 * the frame queues cannot take a frame of Mtu bytes more (TxQueueBytes) and woken when
 * segmentation frees that room, so the backlog waits in the queue disc installed on the device
 * (e.g. a FifoQueueDisc of 700 KB for BON's routers) where traffic control counts and drops
 * it. VcTxQueueBytes and a VC's shaping buffer still refuse frames in the device (TxDrop): with
 * a queue disc, limit the device with TxQueueBytes only.
 *
 * Receive: cells are reassembled per VC (Aal5Reassembler, attribute `Reassembler`), the
 * encapsulation is removed and the packet goes up with the VC's address as source. Cells are
 * processed in one batch when an end-of-PDU cell arrives (one event per frame). The
 * `ReceiveErrorModel`, if set, sees the IP packet after decapsulation; a corrupted one is
 * dropped (RxFrameDrop, ERROR_MODEL) and counted in framesRxDropped. A router's reassembler with
 * CheckCrc false delivers PDUs that failed their AAL5 check (tagged Aal5CorruptedPduTag) and IP
 * forwards them; a device whose reassembler checks the CRC, i.e. an end system, drops such a
 * packet (RxFrameDrop, CORRUPTED_UPSTREAM), as its IP/TCP checksum would.
 *
 * Host CPU: when the node has an AtmHostCpu with a positive SendCost, Send() accepts the packet
 * at once (returns true) and does the work above when the CPU job completes (later refusals
 * are TxDrop events with their reasons); with a positive ReceiveCost a packet goes up when its
 * receive job completes. Costs of 0 or no AtmHostCpu: no extra event, identical timing.
 *
 * An ARP request reaching the device means the IP layer found no ATMARP entry: it is
 * dropped, traced, and a warning naming the IP address is printed once per address.
 *
 * pcap (`Sniffer`, `PromiscSniffer`): each CPCS-SDU when its segmentation starts and when it
 * is delivered, preceded by the 4-byte SunATM pseudo-header (DLT 123): flags (0x80 when
 * sent by this device; type 2 = LLC-multiplexed for LLC/SNAP VCs, 0 otherwise), VPI, VCI.
 */
class AtmNetDevice : public AtmDevice
{
  public:
    /// Drop reason: the device's frame queues hold TxQueueBytes already.
    static constexpr const char* QUEUE_FULL = Aal5Sender::QUEUE_FULL;
    /// Drop reason: the VC's frame queue holds VcTxQueueBytes already.
    static constexpr const char* VC_QUEUE_FULL = Aal5Sender::VC_QUEUE_FULL;
    /// Drop reason: an ARP request, i.e. no ATMARP entry for the next hop.
    static constexpr char ATMARP_MISS[] = "ATMARP miss: no VC for the next-hop IP address";
    /// Drop reason: the destination address names no VC of this device (e.g. a broadcast).
    static constexpr char NO_VC[] = "no VC for the destination address";
    /// Drop reason: a non-IPv4 packet for a VC-multiplexed VC.
    static constexpr char NOT_IPV4[] = "VC-mux VC carries IPv4 only";
    /// Drop reason: an IP packet for a VC that carries a cell-level traffic source.
    static constexpr char NON_IP_VC[] = "VC carries a non-IP frame source, not IP";
    /// Drop reason: the SDU would exceed the AAL5 maximum of 65535 bytes.
    static constexpr const char* TOO_BIG = Aal5Sender::TOO_BIG;
    /// Drop reason: the SDU's cells would exceed the VC's buffer in cells (a shaper's buffer).
    static constexpr const char* VC_BUFFER_FULL = Aal5Sender::VC_BUFFER_FULL;
    /// Drop reason: a received cell on a VPI/VCI with no VC.
    static constexpr char UNKNOWN_LABEL[] = "cell on an unknown VPI/VCI";
    /// Drop reason: a received RM cell (PTI 110) on a VC whose contract is not ABR.
    static constexpr char RM_NOT_ABR[] = "RM cell on a VC that is not ABR";
    /// Drop reason: a received SDU of a PDU that failed its AAL5 check at a router that
    /// forwards corrupted PDUs (Aal5CorruptedPduTag); this end system's IP/TCP checksum fails.
    static constexpr char CORRUPTED_UPSTREAM[] =
        "payload corrupted upstream (AAL5 check failed at a router): IP/TCP checksum";
    /// Drop reason: a reassembled SDU without a valid LLC/SNAP header.
    static constexpr char BAD_ENCAPSULATION[] = "SDU without valid LLC/SNAP header";
    /// Drop reason: the ReceiveErrorModel corrupted the received packet.
    static constexpr char ERROR_MODEL[] = "error-model";

    /**
     * TracedCallback signature for refused SDUs.
     * @param vc the VC (UINT32_MAX if none)
     * @param packet the packet
     * @param reason one of the constants above
     */
    typedef void (*PacketDropTracedCallback)(uint32_t vc,
                                             Ptr<const Packet> packet,
                                             const char* reason);

    /**
     * TracedCallback signature for dropped cells.
     * @param cell the cell
     * @param reason one of the constants above
     */
    typedef void (*CellDropTracedCallback)(const AtmCell& cell, const char* reason);

    /**
     * TracedCallback signature for frame events.
     * @param vc the VC
     * @param sdu the CPCS-SDU (with its LLC/SNAP header, if any)
     */
    typedef void (*FrameTracedCallback)(uint32_t vc, Ptr<const Packet> sdu);

    /**
     * TracedCallback signature of an RM cell sent or received.
     * @param cell the RM cell (cell.vc is the VC index; cell.rm its fields)
     */
    typedef void (*RmCellTracedCallback)(const AtmCell& cell);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmNetDevice();
    ~AtmNetDevice() override;

    /**
     * @brief Add a VC (one direction pair: cells sent and received with this VPI/VCI).
     * @param vpi the VPI on this link (0..255 at a UNI)
     * @param vci the VCI on this link (32..65535 for user VCs by convention)
     * @param contract the VC's traffic contract (its category selects the port queue class)
     * @param encapsulation LLC/SNAP or VC-mux
     * @return the VC index on this device (0, 1, 2, ...)
     */
    uint32_t AddVc(uint16_t vpi,
                   uint16_t vci,
                   const AtmTrafficContract& contract,
                   AtmEncapsulation::Mode encapsulation);

    /**
     * @brief Add a VC with the device's default encapsulation (attribute `Encapsulation`).
     * @param vpi the VPI
     * @param vci the VCI
     * @param contract the contract (default UBR at line rate)
     * @return the VC index
     */
    uint32_t AddVc(uint16_t vpi,
                   uint16_t vci,
                   const AtmTrafficContract& contract = AtmTrafficContract());

    /// @return the number of VCs
    uint32_t GetNVcs() const;

    /**
     * Pulls the next frame of a non-IP VC: returns a CPCS-SDU (any bytes, 0..65535), or null
     * when the source has nothing to send now (it then calls WakeVc() when it has).
     */
    typedef Aal5Sender::FrameSourceCallback FrameSourceCallback;

    /**
     * @brief Make a VC carry a cell-level traffic source instead of IP (an on/off VBR source,
     *        a CBR cell stream): when the VC has nothing left to segment, the device pulls the
     *        next SDU from @p source, so a greedy source keeps the VC busy without a frame
     *        queue and stops exactly when it returns null. IP packets addressed to the VC are
     *        refused (NON_IP_VC). The far end marks its VC with SetVcNonIp().
     * @param vc the VC index
     * @param source the frame source
     */
    void SetVcFrameSource(uint32_t vc, FrameSourceCallback source);
    /**
     * @brief Frames received on this VC are counted and traced (FrameRx) but not handed to IP.
     * @param vc the VC index
     */
    void SetVcNonIp(uint32_t vc);
    /**
     * @brief A frame source has something to send again: start segmenting if the VC is idle.
     * @param vc the VC index
     */
    void WakeVc(uint32_t vc);

    /**
     * @brief Shape a VC's cells (TEN34, BON): PcrShaper spaces them at PCR, VbrShaper to a VBR
     *        contract, PacketTrainShaper as a 1990s adapter's per-cell spacing and inter-PDU
     *        gap, GfrShaper at a rate that follows the VC's backlog. Call after AddVc() and before
     *        the first cell is sent. The device's frame queues absorb the back-pressure (the edge
     *        never drops because of shaping, only when TxQueueBytes overflows), unless the shaper
     *        owns a buffer (AtmShaper::GetBufferCells(), e.g. GfrShaper's 2000 cells): that
     *        becomes the VC's limit in cells (SetVcTxQueueCells()), whose overflow refuses whole
     *        frames (VC_BUFFER_FULL). The shaper is given the VC's backlog in cells
     *        (Aal5Sender::GetVcBacklogCells()) and told of every frame queued on the VC.
     * @param vc the VC index
     * @param shaper a shaper used by no other flow
     */
    void SetVcShaper(uint32_t vc, Ptr<AtmShaper> shaper);
    /**
     * @brief Limit the cells a VC may hold at the adapter (frame queue plus the unsent cells of
     *        its current PDU): an SDU whose cells would exceed it is refused whole
     *        (VC_BUFFER_FULL, TxDrop), which is EPD on that buffer; TCP sees the refusal as a
     *        loss. SetVcShaper() sets it from a shaper that owns a buffer.
     * @param vc the VC index
     * @param cells the limit (0: none)
     */
    void SetVcTxQueueCells(uint32_t vc, uint32_t cells);
    /**
     * @param vc a VC index
     * @return its limit in cells (0: none)
     */
    uint32_t GetVcTxQueueCells(uint32_t vc) const;
    /**
     * @brief Tag a VC's PDUs at the source (BON ch. 7.1, Fig. 7.4: McrPduTagger): when each
     *        PDU's first cell starts on the link, @p tagger decides whether the PDU goes with
     *        CLP = 0 or every cell of it with CLP = 1. The tagger is attached here to the VC's
     *        contract and the link's rate, so call it after the device is attached to its link
     *        and before the first cell is sent. Counters: GetVcStats() framesTx and
     *        framesTagged; trace: the tagger's `Decision`.
     * @param vc the VC index
     * @param tagger a tagger used by no other VC
     */
    void SetVcPduTagger(uint32_t vc, Ptr<AtmPduTagger> tagger);
    /**
     * @param vc a VC index
     * @return its PDU tagger, or null
     */
    Ptr<AtmPduTagger> GetVcPduTagger(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return the ABR source behaviour of a VC with an ABR contract (its attributes, e.g.
     *         MisbehaviourFactor or Mrm, may be set before the first cell; trace `Acr`), or null
     */
    Ptr<AtmAbrSource> GetVcAbrSource(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return the ABR destination behaviour of a VC with an ABR contract, or null
     */
    Ptr<AtmAbrDestination> GetVcAbrDestination(uint32_t vc) const;
    /**
     * @param vpi a VPI
     * @param vci a VCI
     * @return the VC index, or -1 if the device has no such VC
     */
    int64_t FindVc(uint16_t vpi, uint16_t vci) const;
    /**
     * @param vc a VC index
     * @return the synthetic hardware address naming the VC (02:00:VPI:VPI:VCI:VCI), the
     *         address of its permanent ATMARP entry
     */
    Mac48Address GetVcAddress(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return its VPI
     */
    uint16_t GetVcVpi(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return its VCI
     */
    uint16_t GetVcVci(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return its encapsulation
     */
    AtmEncapsulation::Mode GetVcEncapsulation(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return its contract
     */
    const AtmTrafficContract& GetVcContract(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return its counters
     */
    const AtmNetDeviceVcStats& GetVcStats(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return bytes waiting in its frame queue (not counting the PDU being segmented)
     */
    uint32_t GetVcQueueBytes(uint32_t vc) const;
    /**
     * @param vc a VC index
     * @return cells of the PDU being segmented not yet handed to the output port
     */
    uint32_t GetVcUnsegmentedCells(uint32_t vc) const;
    /// @return bytes waiting in all frame queues
    uint32_t GetQueueBytes() const;
    /// @return the reassembler
    Ptr<Aal5Reassembler> GetReassembler() const;
    /// @return the send side of AAL5 (frame queues, segmentation, staging)
    Ptr<Aal5Sender> GetSender() const;
    /**
     * @brief Cells received but not yet handed to reassembly (a batch waits for its EOM).
     * @param vc a VC index
     * @return the cells of @p vc in the receive inbox
     */
    uint32_t GetInboxCells(uint32_t vc) const;
    /// @return cells on unknown VPI/VCI dropped on receive
    uint64_t GetUnknownLabelDrops() const;

    void ReceiveCell(const AtmCell& cell, Time firstBit, Time arrival) override;

    // NetDevice
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;

  protected:
    void DoDispose() override;
    void NotifyAttached() override;
    void NotifyNewAggregate() override;
    void NotifyCellSent(const AtmCell& cell, Time start) override;

  private:
    /// Per-VC record (the send side's is in the Aal5Sender).
    struct Vc
    {
        uint16_t vpi{0};                                                  //!< VPI
        uint16_t vci{0};                                                  //!< VCI
        AtmEncapsulation::Mode encapsulation{AtmEncapsulation::LLC_SNAP}; //!< encapsulation
        AtmTrafficContract contract;                                      //!< contract
        Mac48Address address;                                             //!< synthetic address
        bool nonIp{false};                 //!< carries a frame source's SDUs, not IP
        Ptr<AtmShaper> shaper;             //!< the VC's shaper, or null
        Ptr<AtmAbrSource> abrSource;       //!< ABR source (ABR contract), or null
        Ptr<AtmAbrDestination> abrDest;    //!< ABR destination (ABR contract), or null
        Ptr<AbrShaper> abrShaper;          //!< paces the ABR VC at ACR, or null
        mutable AtmNetDeviceVcStats stats; //!< counters (send side refreshed from the sender)
    };

    /// A received cell waiting for the batch of its EOM.
    struct InboxCell
    {
        AtmCell cell; //!< the cell
        Time at;      //!< arrival instant
    };

    /**
     * @brief The sender's frame-start callback: counters, FrameTx and the sniffers.
     * @param vc the VC
     * @param sdu the CPCS-SDU
     */
    void FrameStarted(uint32_t vc, Ptr<const Packet> sdu);
    /**
     * @brief The sender's frame-queued callback: tell the VC's shaper, if any.
     * @param vc the VC
     * @param cells the SDU's cells
     */
    void FrameQueued(uint32_t vc, uint32_t cells);
    /// Hand every inbox cell that has arrived to reassembly (RM cells to the ABR end system).
    void ProcessInbox();
    /**
     * @brief Make a VC with an ABR contract an ABR end system on the attached link: the source
     *        takes the contract's parameters, an AbrShaper paces the VC at ACR, the sender
     *        sends the RM cells.
     * @param vc the VC
     */
    void ArmAbr(uint32_t vc);
    /**
     * @brief An RM cell of a VC arrived: a forward one goes to the destination behaviour (which
     *        turns it around), a backward one to the source (which adjusts ACR).
     * @param vc the VC
     * @param cell the RM cell
     */
    void ReceiveRm(uint32_t vc, const AtmCell& cell);
    /**
     * @brief The reassembler's delivery callback.
     * @param vc the VC
     * @param sdu the CPCS-SDU
     * @param frame its frame record
     */
    void FrameReceived(uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame);

    /**
     * @brief Send after the host CPU (if any) did its per-packet work.
     * @param packet the packet
     * @param dest the destination (a VC's address)
     * @param protocolNumber the protocol
     * @return whether the frame queue accepted the packet
     */
    bool DoSend(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber);

    /**
     * @brief Hand a decapsulated packet to the stack.
     * @param vc the VC
     * @param packet the IP packet
     * @param protocol its protocol number
     */
    void Deliver(uint32_t vc, Ptr<Packet> packet, uint16_t protocol);

    /** @return the node's AtmHostCpu, or null (looked up at the first packet, then cached) */
    Ptr<AtmHostCpu> GetHostCpu();
    /**
     * @brief Refuse an SDU.
     * @param vc the VC or UINT32_MAX
     * @param packet the packet
     * @param reason the reason
     */
    void DropTx(uint32_t vc, Ptr<const Packet> packet, const char* reason);
    /**
     * @brief Fire the sniffer traces with the SunATM pseudo-header.
     * @param vc the VC
     * @param sdu the CPCS-SDU
     * @param sent true when sent by this device
     */
    void Sniff(uint32_t vc, Ptr<const Packet> sdu, bool sent);
    /**
     * @param vc a VC index
     * @return the VC record (aborts if out of range)
     */
    const Vc& GetVc(uint32_t vc) const;
    /**
     * @brief Largest MTU the VC's encapsulation allows.
     * @param mode the encapsulation
     * @return 65527 for LLC/SNAP, 65535 for VC-mux
     */
    static uint32_t MaxMtu(AtmEncapsulation::Mode mode);
    /**
     * @brief Set the reassembler and connect its delivery callback.
     * @param reassembler the reassembler
     */
    void SetReassembler(Ptr<Aal5Reassembler> reassembler);

    /**
     * @brief Stop the transmit queue of the aggregated NetDeviceQueueInterface when the frame
     *        queues cannot take a largest frame more, wake it when they can (or are empty).
     *        Nothing without a NetDeviceQueueInterface.
     */
    void UpdateTxQueue();
    /// Wake the transmit queue (scheduled by UpdateTxQueue()): the queue disc sends again.
    void WakeTxQueue();

    /// @param bytes "TxQueueBytes"
    void SetTxQueueBytes(uint32_t bytes);
    /// @return "TxQueueBytes"
    uint32_t GetTxQueueBytes() const;
    /// @param bytes "VcTxQueueBytes"
    void SetVcTxQueueBytes(uint32_t bytes);
    /// @return "VcTxQueueBytes"
    uint32_t GetVcTxQueueBytes() const;

    AtmEncapsulation::Mode m_encapsulation{AtmEncapsulation::LLC_SNAP}; //!< "Encapsulation"
    Ptr<Aal5Sender> m_sender;                                           //!< the send side of AAL5
    Ptr<Aal5Reassembler> m_reassembler;                                 //!< "Reassembler"
    Ptr<ErrorModel> m_receiveErrorModel;                                //!< "ReceiveErrorModel"
    std::vector<Vc> m_vcs;                                              //!< VCs
    std::map<Mac48Address, uint32_t> m_byAddress;                       //!< VC by synthetic address
    std::unordered_map<uint32_t, uint32_t> m_byLabel;                   //!< VC by (VPI << 16 | VCI)
    AtmRing<InboxCell> m_inbox;                          //!< received cells awaiting their EOM
    Ptr<NetDeviceQueueInterface> m_queueInterface;       //!< traffic control, if aggregated
    bool m_wakePending{false};                           //!< a WakeTxQueue is scheduled
    Ptr<AtmHostCpu> m_cpu;                               //!< the node's host CPU, if any
    bool m_cpuLooked{false};                             //!< m_cpu was looked up
    uint64_t m_unknownLabelDrops{0};                     //!< cells on unknown labels
    std::set<Ipv4Address> m_arpWarned;                   //!< addresses already warned about
    NetDevice::ReceiveCallback m_rxCallback;             //!< up to IP
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< promiscuous receiver

    TracedCallback<Ptr<const Packet>> m_macTxTrace;                              //!< "MacTx"
    TracedCallback<Ptr<const Packet>> m_macRxTrace;                              //!< "MacRx"
    TracedCallback<uint32_t, Ptr<const Packet>, const char*> m_txDropTrace;      //!< "TxDrop"
    TracedCallback<uint32_t, Ptr<const Packet>, const char*> m_rxFrameDropTrace; //!< "RxFrameDrop"
    TracedCallback<const AtmCell&, const char*> m_rxCellDropTrace;               //!< "RxCellDrop"
    TracedCallback<const AtmCell&> m_rmTxTrace;                                  //!< "RmTx"
    TracedCallback<const AtmCell&> m_rmRxTrace;                                  //!< "RmRx"
    TracedCallback<uint32_t, Ptr<const Packet>> m_frameTxTrace;                  //!< "FrameTx"
    TracedCallback<uint32_t, Ptr<const Packet>> m_frameRxTrace;                  //!< "FrameRx"
    TracedCallback<Ptr<const Packet>> m_snifferTrace;                            //!< "Sniffer"
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace; //!< "PromiscSniffer"
};

} // namespace ns3

#endif // ATM_NET_DEVICE_H
