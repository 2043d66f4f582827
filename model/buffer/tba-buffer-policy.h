/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TBA_BUFFER_POLICY_H
#define TBA_BUFFER_POLICY_H

#include "atm-buffer-policy.h"
#include "atm-slot-average.h"
#include "tba-position-register.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::TbaBufferPolicy: Token-based Buffer Allocation, GFR in a FIFO with per-VC token counters
 * refilled by a register of reserved positions.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Token-based Buffer Allocation (TBA; O. Bonaventure, PhD thesis, Universite de Liege
 * 1998, ch. 8.3 and appendix B, Figs. 8.11-8.20 and B.2, eqs. 8.4 and 8.5): the GFR guarantee
 * in one FIFO. Each VC has a signed token counter C_i; every accepted cell takes a token, and
 * every cell the line sends gives one back to the VC that owns the next position of a register
 * in which each VC owns positions in proportion to its MCR. A VC that sends at least its MCR
 * keeps C_i > 0 and its PDUs are accepted; a VC above its MCR runs out of tokens and meets a
 * RED-like drop on the average occupancy, the more likely the deeper its counter is below zero.
 *
 * **Counters** (Fig. 8.11). C_i starts at MBS_i (the MBS of the VC's contract,
 * AtmPortState::GetVcContract(); 0 for UBR), decreases by one for every cell of the VC that
 * enters the buffer (the EOM kept after a partial discard included) and never exceeds MBS_i.
 * With B the cells in the buffer and Z the tokens owed to other buffers (below):
 *
 * @verbatim
   sum_j C_j + B - Z = sum_j MBS_j            (eq. 8.5; CheckInvariant())
   @endverbatim
 *
 * A VC found with cells already queued (a hand-built state) starts at MBS_i - X_i, so the
 * identity holds from the start (their CLP bits are unknown: the CLP=0 count of RIO starts
 * without them).
 *
 * **Counter update** on every cell sent from the buffer (NotifyDeparture()), and, with
 * `CountOtherBuffers`, on every cell another buffer of the port sent (NotifyOtherDeparture();
 * Figs. 8.19 and 8.20, the real-time buffer with strict priority over the GFR FIFO):
 *
 * @verbatim
   if the cell came from another buffer:  Z = Z + 1
   i = W_R.Step()                                   // one reserved position per cell slot
   if i is a VC and C_i < MBS_i:           C_i = C_i + 1
   else if Z > 0:                          Z = Z - 1  // the slot was given to the other buffer
   else:                                   one excess token (ExcessDistribution):
       ReservedScan (Fig. B.2, BON's simulator): the first VC with C < MBS among the W_R
                     positions after the cursor; the cursor moves there (excess ~ MCR)
       UnreservedRegister (eq. 8.4, Fig. 8.15): the first such VC among the W_U positions after
                     the W_U cursor (excess ~ the weights Q_i of ExcessWeights)
       guard: each scan looks at most one register length; if no VC there can take the token
              (a VC without positions, e.g. MCR 0 in ReservedScan), the VCs are scanned round
              robin. The identity above guarantees that some VC can.
   @endverbatim
 *
 * **Registers** (Figs. 8.12-8.14, TbaPositionRegister). W_R has `RegisterSize` positions; VC i
 * owns N_i = ceil or nearest (`PositionRounding`) of W_R x R_i / PCR_o, with R_i its MCR (GFR)
 * or SCR (nrt-VBR) and PCR_o the line's cell rate (AtmPortState::GetLinkRate()), spread
 * PCR_o / R_i apart from a random offset (Fig. 8.13). A VC with a positive rate owns at least
 * one position (our choice: nearest rounding can give 0); UBR and MCR 0 own none. If the VCs
 * need more than W_R positions the run stops with every VC's need (the minimal admission check
 * BON asks for). W_U (UnreservedRegister only) has `UnreservedRegisterSize` positions; every GFR
 * and UBR VC (and nrt-VBR with `VbrUnreservedPositions`) owns some, Q_i = 1 or its MCR (SCR
 * for VBR): a VC with Q_i = 0 (UBR, MCR 0) owns one, the others max(1, floor(W'_U x Q_i /
 * sum Q)) with W'_U = W_U minus those single positions (our choice: BON asks for at least one
 * W_U position for such VCs).
 *
 * **Acceptance** on the first cell of a PDU, by the VC's conformance definition (the average
 * avg of the occupancy is updated in every cell slot, AtmSlotAverage, caught up lazily from
 * AtmPortState::GetNow() and GetLinkRate()):
 *
 * @verbatim
   RED(a, lo, hi, b, c) = accept                        if a < lo
                          refuse (AVERAGE_ABOVE_MAX)    if a >= hi
                          refuse with probability       alpha (a - lo)/(hi - lo) - c b / hi,
                          clamped to [0, 1] (RANDOM_DROP)
   GFR.1, UBR; ClpPriority Relative (Figs. 8.16, 8.18):
       CLP=0: C_i > 0 ? accept : RED(avg, min_th, max_th, beta, C_i)
       CLP=1: C_i > MBS_i / 2 ? accept : RED(avg, min_th, max_th, beta_1, min(0, C_i))
   GFR.1, UBR; ClpPriority Strict (RIO on two averages):
       CLP=0: C_i > 0 ? accept : RED(avg_0, min_th, max_th, beta, C_i)     avg_0: CLP=0 cells
       CLP=1: RED(avg, min_th^{0+1}, max_th^{0+1}, beta_1, min(0, C_i))
   GFR.2 (Fig. 8.17): CLP=0: accept;  CLP=1: RED(avg, lo, hi, beta, min(0, C_i)), with lo, hi
       = min_th, max_th (Relative) or min_th^{0+1}, max_th^{0+1} (Strict)
   nrt-VBR.1: accept;  nrt-VBR.2 and .3: CLP=0 accept, CLP=1 accept iff avg < lo (CONGESTED)
   Acceptance TokensOnly (Fig. 8.11, no occupancy control): every RED(...) refuses (NO_TOKEN)
   @endverbatim
 *
 * Then, and for the other cells of an accepted PDU: space(cell) ? ACCEPT : DROP_FRAME
 * (BUFFER_FULL, EOM kept), BON's "EPD/PPD for physical overflow".
 *
 * Errata and choices. The listing of Fig. 8.16 is garbled (an extra else); the four cases above
 * are its intended logic. For the strict CLP priority the thesis names RIO only: the rules of
 * Figs. 8.16 and 8.17 are applied on the two averages, and every CLP=1 PDU meets the CLP0+1
 * thresholds, which must satisfy max_th^{0+1} <= min_th. Fig. 8.20's test "an active GFR VC" is
 * read as C_i < MBS_i, as in Fig. 8.15. The combination of Z with the ReservedScan (B.2) is ours:
 * Z is repaid before the scan. VBR.2/3's "without congestion" is read as avg < lo. The CLP=0
 * occupancy of RIO counts the CLP bits of arriving and departing cells; a departure reported
 * without its CLP=0 cell (a test driver) cannot take it below 0.
 *
 * VCs of other categories (CBR, rt-VBR, ABR) abort: BON puts CBR and rt-VBR.1 in a real-time
 * buffer with strict priority (give them AtmOutputPort::SetClassBuffer()); rt-VBR.2/3 would need
 * per-VC queues.
 *
 * Defaults are those of BON's TBA simulations: alpha 0, beta 0.1, wq 0.001, registers of 100
 * positions, weights = MCR, min_th 2000 and max_th 6000 cells (the ten-router runs; the LAN
 * thresholds are not stated), the simulator's counter update (Fig. B.2). beta_1 = 2 beta is the
 * thesis's example; the CLP0+1 thresholds (1000, 2000) are ours. With W_R = 100 and
 * PCR_o = 365,566 cells/s, nine VCs of 20,000 and one of 180,000 cells/s need 104 positions
 * with ceil rounding: use Nearest (94) or, with Ceil, 200 positions (198; 104 would need 106).
 *
 * Configuration is read when the first cell arrives (or leaves): the attributes are checked then
 * (bad values abort naming the attribute and the valid range), and VCs added later are set up
 * at the next cell. Per cell: O(1) apart from the excess scans (at most one register length).
 * Nothing is allocated per cell. Randomness: one UniformRandomVariable (the RED-like drops and
 * the register offsets), fixed by AssignStreams().
 */
class TbaBufferPolicy : public AtmBufferPolicy
{
  public:
    /// How N_i is rounded.
    enum PositionRounding
    {
        ROUND_CEIL,    //!< ceil(W_R R_i / PCR_o): BON's rule
        ROUND_NEAREST, //!< the nearest integer, halves up (at least 1 for a positive rate)
    };

    /// Who gets the token of a cell whose W_R position nobody can use.
    enum ExcessDistribution
    {
        EXCESS_RESERVED_SCAN,       //!< the next usable W_R position (BON Fig. B.2)
        EXCESS_UNRESERVED_REGISTER, //!< the next usable W_U position (BON eq. 8.4, Fig. 8.15)
    };

    /// The administrative weights Q_i of the W_U register.
    enum ExcessWeights
    {
        WEIGHT_MCR,   //!< Q_i = MCR_i (SCR for VBR): excess ~ MCR
        WEIGHT_EQUAL, //!< Q_i = 1: equal excess
    };

    /// How the CLP bit of GFR.1 and UBR PDUs is honoured.
    enum ClpPriority
    {
        CLP_RELATIVE, //!< Fig. 8.18: one average, CLP=1 judged with beta_1
        CLP_STRICT,   //!< RIO: CLP=0 on the CLP=0 average, CLP=1 on the CLP0+1 thresholds
    };

    /// Whether the occupancy control runs.
    enum Acceptance
    {
        ACCEPT_RED_LIKE,    //!< Fig. 8.16 (BON's simulations)
        ACCEPT_TOKENS_ONLY, //!< Fig. 8.11: a PDU without token is refused
    };

    /// Drop reason: TokensOnly, a PDU whose rule needed the occupancy control (no token).
    static constexpr char NO_TOKEN[] = "TBA: PDU refused at first cell, no token";
    /// Drop reason: the average occupancy is at or above the upper threshold of the PDU's rule.
    static constexpr char AVERAGE_ABOVE_MAX[] =
        "TBA: PDU refused at first cell, average occupancy at max_th";
    /// Drop reason: the RED-like random drop between the thresholds.
    static constexpr char RANDOM_DROP[] =
        "TBA: PDU refused at first cell by the RED-like drop probability";
    /// Drop reason: a CLP=1 PDU of an nrt-VBR.2/3 VC with the average at the lower threshold.
    static constexpr char CONGESTED[] =
        "TBA: CLP=1 PDU of a VBR.2 or VBR.3 VC refused, average occupancy at min_th";
    /// Drop reason: a cell found no room; the rest of its PDU but the EOM goes (PPD).
    static constexpr char BUFFER_FULL[] = "TBA: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TbaBufferPolicy();
    ~TbaBufferPolicy() override;

    int64_t AssignStreams(int64_t stream) override;

    /**
     * @brief N_i, the W_R positions a VC of rate @p rate needs (exact rational arithmetic).
     * @param rate R_i (MCR or SCR; zero gives 0)
     * @param lineRate PCR_o (positive)
     * @param registerSize W_R
     * @param rounding ceil or nearest (nearest gives at least 1 for a positive rate)
     * @return N_i
     */
    static uint32_t ReservedPositionsFor(const AtmCellRate& rate,
                                         const AtmCellRate& lineRate,
                                         uint32_t registerSize,
                                         PositionRounding rounding);

    /**
     * @brief The W_R positions of VCs of these rates, without aborting: for checks and tests.
     * @param rates R_i of each VC
     * @param lineRate PCR_o
     * @param registerSize W_R
     * @param rounding the rounding
     * @param error receives the abort message of an overflow (may be null)
     * @return true if sum N_i <= W_R
     */
    static bool ReservedPositionsFit(const std::vector<AtmCellRate>& rates,
                                     const AtmCellRate& lineRate,
                                     uint32_t registerSize,
                                     PositionRounding rounding,
                                     std::string* error);

    /**
     * @brief The probability with which the first cell of a PDU would be refused now, without
     *        drawing (the rule of the class description, clamped to [0, 1]). Brings the policy
     *        up to @p state (VCs, average) as Admit() would.
     * @param state the buffer's state at the arrival instant
     * @param vc the VC, as an index of @p state
     * @param first the PDU's first cell (its CLP bit selects the rule)
     * @return 0 (accepted), 1 (refused) or the RED-like probability
     */
    double GetRefusalProbability(const AtmPortState& state, uint32_t vc, const AtmCell& first);

    /**
     * @brief Check eq. 8.5 and C_i <= MBS_i for every VC, and the kept sums (O(V)).
     * @param state the buffer's state, after the port has executed the last decision
     * @return true if every identity holds
     */
    bool CheckInvariant(const AtmPortState& state) const;

    /**
     * @param vc a VC set up by the policy
     * @return C_i
     */
    int64_t GetCounter(uint32_t vc) const;
    /**
     * @param vc a VC set up by the policy
     * @return MBS_i
     */
    uint32_t GetMbs(uint32_t vc) const;
    /// @return Z, the tokens owed to the port's other buffers
    uint64_t GetZ() const;
    /// @return the number of VCs set up (those of the state seen last)
    uint32_t GetNVcs() const;
    /// @return the W_R register
    const TbaPositionRegister& GetReservedRegister() const;
    /// @return the W_U register (empty unless ExcessDistribution is UnreservedRegister)
    const TbaPositionRegister& GetUnreservedRegister() const;
    /// @return the average occupancy (CLP0+1), as of the last event
    double GetAverageCells() const;
    /// @return the average CLP=0 occupancy (RIO), as of the last event
    double GetClp0AverageCells() const;
    /// @return the CLP=0 cells in the buffer, as counted by the policy
    uint32_t GetClp0Cells() const;

  private:
    /// A first-cell verdict: refused with probability p (0: accepted, >= 1: refused).
    struct Verdict
    {
        double p;           //!< the refusal probability
        const char* reason; //!< the reason if refused
    };

    /// The first-cell rule of a VC (chosen from its conformance definition at set-up).
    using Rule = Verdict (TbaBufferPolicy::*)(uint32_t vc, bool clp) const;

    /// Per-VC state.
    struct Vc
    {
        int64_t c{0};           //!< C_i
        uint32_t mbs{0};        //!< MBS_i
        AtmCellRate rate;       //!< R_i: MCR (GFR) or SCR (nrt-VBR); zero for none
        double weight{0.0};     //!< Q_i of the W_U register (0: no W_U position)
        bool unreserved{false}; //!< owns W_U positions
        Rule rule{nullptr};     //!< the first-cell rule
    };

    /// Thresholds of one RED-like band.
    struct Band
    {
        double min; //!< lower threshold, cells
        double max; //!< upper threshold, cells
    };

    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
    bool DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom) override;
    void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
    void DoNotifyOtherDeparture(const AtmPortState& state, const AtmCell& cell) override;
    void DoDispose() override;

    /**
     * @brief Set up new VCs and follow a changed line rate (cheap test per call).
     * @param state the buffer's state
     */
    void Sync(const AtmPortState& state)
    {
        if (!m_configured || state.GetNVcs() != m_vcs.size() || state.GetLinkRate() != m_lineRate)
        {
            Configure(state);
        }
    }

    /**
     * @brief The slow path of Sync(): check the attributes (first call), set up the new VCs,
     *        rebuild the registers.
     * @param state the buffer's state
     */
    void Configure(const AtmPortState& state);
    /// Abort on bad attribute values (class description).
    void CheckAttributes() const;
    /**
     * @brief Set up one VC from its contract.
     * @param state the buffer's state
     * @param vc the VC
     */
    void AddVcRecord(const AtmPortState& state, uint32_t vc);
    /// Give every VC its W_R positions again (the line rate changed).
    void PopulateReserved();
    /// Give every participating VC its W_U positions again (a VC was added).
    void PopulateUnreserved();
    /**
     * @brief Bring both averages up to the state's instant.
     * @param state the buffer's state
     * @param occupancy the cells in the buffer since the last event
     * @param clp0 the CLP=0 cells in the buffer since the last event
     */
    void CatchUp(const AtmPortState& state, uint32_t occupancy, uint32_t clp0);
    /**
     * @brief One cell slot of the line was spent: hand out its token (class description).
     */
    void DistributeToken();
    /**
     * @brief Take one token for an accepted cell.
     * @param vc the VC
     * @param clp the cell's CLP bit
     */
    void TakeToken(uint32_t vc, bool clp);

    /**
     * @brief The RED-like band (class description).
     * @param average the average compared
     * @param band the thresholds
     * @param beta the weight of the counter term
     * @param counter the counter term (<= 0)
     * @return the verdict
     */
    Verdict Red(double average, const Band& band, double beta, int64_t counter) const;
    /// GFR.1 / UBR, relative CLP priority. @param vc the VC @param clp CLP @return verdict
    Verdict RuleGfr1Relative(uint32_t vc, bool clp) const;
    /// GFR.1 / UBR, strict CLP priority. @param vc the VC @param clp CLP @return verdict
    Verdict RuleGfr1Strict(uint32_t vc, bool clp) const;
    /// GFR.2. @param vc the VC @param clp CLP @return verdict
    Verdict RuleGfr2(uint32_t vc, bool clp) const;
    /// nrt-VBR.1. @param vc the VC @param clp CLP @return verdict
    Verdict RuleVbr1(uint32_t vc, bool clp) const;
    /// nrt-VBR.2 and .3. @param vc the VC @param clp CLP @return verdict
    Verdict RuleVbr23(uint32_t vc, bool clp) const;

    // Attributes.
    uint32_t m_registerSize{100};                      //!< "RegisterSize", W_R
    uint32_t m_unreservedRegisterSize{100};            //!< "UnreservedRegisterSize", W_U
    PositionRounding m_rounding{ROUND_CEIL};           //!< "PositionRounding"
    ExcessDistribution m_excess{EXCESS_RESERVED_SCAN}; //!< "ExcessDistribution"
    ExcessWeights m_weights{WEIGHT_MCR};               //!< "ExcessWeights"
    bool m_vbrUnreserved{false};                       //!< "VbrUnreservedPositions"
    ClpPriority m_clpPriority{CLP_RELATIVE};           //!< "ClpPriority"
    Acceptance m_acceptance{ACCEPT_RED_LIKE};          //!< "Acceptance"
    bool m_countOtherBuffers{true};                    //!< "CountOtherBuffers"
    uint32_t m_minThreshold{2000};                     //!< "MinThresholdCells"
    uint32_t m_maxThreshold{6000};                     //!< "MaxThresholdCells"
    uint32_t m_clp1MinThreshold{1000};                 //!< "Clp1MinThresholdCells"
    uint32_t m_clp1MaxThreshold{2000};                 //!< "Clp1MaxThresholdCells"
    double m_wq{0.001};                                //!< "AverageWeight"
    double m_alpha{0.0};                               //!< "Alpha"
    double m_beta{0.1};                                //!< "Beta"
    double m_beta1{0.2};                               //!< "Beta1"

    // State.
    bool m_configured{false};                   //!< attributes checked, derived values set
    std::vector<Vc> m_vcs;                      //!< per VC, by the state's index
    AtmCellRate m_lineRate;                     //!< PCR_o the registers were built for (zero: none)
    TbaPositionRegister m_reserved;             //!< W_R
    TbaPositionRegister m_unreserved;           //!< W_U
    uint32_t m_guardCursor{0};                  //!< round robin of the termination guard
    uint64_t m_z{0};                            //!< Z
    int64_t m_sumC{0};                          //!< sum of C_i
    uint64_t m_sumMbs{0};                       //!< sum of MBS_i
    uint32_t m_clp0Cells{0};                    //!< CLP=0 cells in the buffer
    AtmSlotAverage m_average;                   //!< avg, CLP0+1
    AtmSlotAverage m_clp0Average;               //!< avg_0, CLP=0 (RIO)
    Band m_band{0, 0};                          //!< min_th, max_th
    Band m_clp1Band{0, 0};                      //!< the CLP=1 thresholds (Strict: min/max_th^{0+1})
    const AtmSlotAverage* m_clp0Judge{nullptr}; //!< the average CLP=0 PDUs meet
    Rule m_gfr1Rule{nullptr};                   //!< GFR.1 / UBR rule by ClpPriority
    Ptr<UniformRandomVariable> m_rng;           //!< RED-like drops and register offsets
};

} // namespace ns3

#endif // TBA_BUFFER_POLICY_H
