/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EA98_BUFFER_POLICY_H
#define EA98_BUFFER_POLICY_H

#include "atm-dual-threshold-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * Elloumi and Afifi's three variants of Double-EPD (drop-from-front, per-VC accounting, both):
 * ns3::Ea98BufferPolicy and its subclasses.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base of Elloumi and Afifi's variants of Double-EPD (1998), as reviewed by BON ch. 8:
 *        the non-eligible PDUs that Double-EPD refuses between LBO and HBO are either dropped
 *        from the front of their VC's queue (variant 1), admitted while their VC holds no more
 *        than the mean non-eligible occupancy of the active VCs (variant 2), or both (variant
 *        3). Not constructible; the short names `ea98-1`, `ea98-2` and `ea98-3` create the
 *        three subclasses.
 *
 * With Q the cells in the whole buffer at the arrival instant, K the buffer size, LBO <= HBO < K
 * (AtmDualThresholdBufferPolicy: each `...Cells` if nonzero, else floor(`...Fraction` * K) to 6
 * decimal places), X_i the cells of VC i, N_a the active VCs (X_j >= 1), Q_CLP1[i] and Q_CLP1
 * the non-eligible cells of VC i and of all VCs (AtmPortState::GetVcNonEligibleCells(),
 * GetNonEligibleCells(); AtmCell::IsEligible(): CLP = 0 and not marked by a GFR.1 switch),
 * Q_CLP0[i] = X_i - Q_CLP1[i] and Q_CLP0 = Q - Q_CLP1, and whole(i) the VC's whole non-eligible
 * PDUs queued (AtmPortState::GetVcPurgeablePdus()):
 *
 * @verbatim
   Admit(state, i, cell):
       if first cell of a PDU (i's frame state IDLE):
           if not cell.IsEligible() and Q >= LBO:
               if Q >= HBO:                                       DROP_FRAME(HIGH_THRESHOLD)
               if per-VC accounting and Q_CLP1[i] * N_a <= Q_CLP1: ACCEPT (room permitting)
               if drop-from-front and whole(i) >= 1: ACCEPT_AND_PURGE_FRONT(FRONT_PURGE)
               DROP_FRAME(per-VC accounting ? OVER_EXCESS_SHARE : LOW_THRESHOLD)
           if Q >= HBO and not (Clp0FairShare and Q_CLP0[i] * N_a <= Q_CLP0):
                                                                  DROP_FRAME(HIGH_THRESHOLD)
       if HasRoom(cell): ACCEPT
       else:             DROP_FRAME(BUFFER_FULL, keepEom = true)               // PPD
   @endverbatim
 *
 * Variant 1 (Ea98DropFromFrontBufferPolicy): drop-from-front Double-EPD. When a non-eligible PDU
 * of VC i arrives above LBO, the first complete non-eligible PDU of VC i still waiting for
 * transmission is discarded. The port does it (AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT): the
 * arriving PDU enters in place of the VC's oldest whole non-eligible PDU, never one whose first
 * cell has left, whose EOM has not arrived or which lost a cell. The loss is the same as
 * Double-EPD's, one excess PDU of the VC, but it strikes a PDU sent earlier, so TCP detects it
 * sooner. Our choice where the review is silent: if VC i has no such PDU queued, the arriving
 * PDU is refused as Double-EPD refuses it (LOW_THRESHOLD): drop-from-front changes which excess
 * PDU of the VC is lost, not whether one is, so the excess traffic is held back above LBO as in
 * Double-EPD. Accepting it instead would be a one-line change.
 *
 * Variant 2 (Ea98PerVcAccountingBufferPolicy): per-VC accounting Double-EPD. Counters Q_CLP0[i],
 * Q_CLP1[i], their totals and N_a; a non-eligible PDU is accepted above LBO while its VC holds at
 * most the mean Q_CLP1 / N_a, compared exactly as Q_CLP1[i] * N_a <= Q_CLP1 (equality accepts):
 * the excess buffer is shared equally among the active VCs instead of first come, first
 * served, which gives Double-EPD the isolation between VCs it lacks for CLP = 1 traffic. The
 * port state keeps the counters in O(1) for every stored, sent and purged cell, so the policy
 * holds no per-VC state. The optional CLP = 0 test (attribute `Clp0FairShare`, default false)
 * also accepts an eligible PDU above HBO while Q_CLP0[i] * N_a <= Q_CLP0. It is off by default
 * because BON disagrees with it: eligible PDUs carry the MCR guarantee and should be discarded
 * above HBO only, and then all of them, since HBO is the classical EPD threshold that keeps
 * room for the PDUs in progress; letting eligible PDUs in above HBO spends that room and turns
 * refusals of new PDUs into PPD of PDUs already half sent.
 *
 * Variant 3 (Ea98CombinedBufferPolicy) combines both, in our reading: the share test of variant
 * 2 decides whether an excess PDU may enter above LBO; where variant 2 refuses it, variant 1's
 * drop-from-front replaces the refusal when the VC has a whole non-eligible PDU queued.
 *
 * Our choices common to the three, where the review is silent or ambiguous: HBO refuses every
 * PDU, eligible or not, as in Double-EPD (above the classical EPD threshold no excess PDU enters,
 * whether by share or from the front: otherwise an excess PDU would enter where an eligible one
 * is refused); the review writes variant 1's trigger as Q > LBO where Double-EPD refuses at Q >=
 * LBO: we use Q >= LBO so that the variants differ from Double-EPD only in what happens to the
 * excess PDUs it refuses, not one cell later; the first cell speaks for its PDU (end systems do
 * not mix CLP values in a PDU, and GFR.1 marking is per PDU), as in Double-EPD.
 *
 * Source: O. Elloumi and H. Afifi (1998), as reviewed by O. Bonaventure, "Integration of ATM
 * under TCP/IP to provide services with minimum guaranteed bandwidth", PhD thesis, Universite de
 * Liege, 1998 (BON), ch. 8; Double-EPD itself: BON ch. 7.2.1. Defaults: those of Double-EPD
 * (HboFraction 0.875, LboFraction 0.75, BON's LAN values 7168 and 6144 of 8192); the review
 * gives none of its own.
 */
class Ea98BufferPolicy : public AtmDualThresholdBufferPolicy
{
  public:
    /// Drop reason (variant 1): a non-eligible PDU found LBO <= Q < HBO and its VC had no whole
    /// non-eligible PDU queued to drop in its place.
    static constexpr char LOW_THRESHOLD[] =
        "EA98: non-eligible PDU refused at first cell, occupancy at LBO, no whole non-eligible "
        "PDU of its VC queued";
    /// Drop reason (variants 2, 3): a non-eligible PDU found LBO <= Q < HBO with its VC above
    /// Q_CLP1 / N_a (variant 3: and no whole non-eligible PDU of the VC queued).
    static constexpr char OVER_EXCESS_SHARE[] =
        "EA98: non-eligible PDU refused at first cell, occupancy at LBO, VC above Q_CLP1/N_a";
    /// Reason of the purged cells (variants 1, 3): the VC's oldest whole non-eligible PDU,
    /// dropped from the front for a new non-eligible PDU above LBO.
    static constexpr char FRONT_PURGE[] =
        "EA98: oldest whole non-eligible PDU of the VC dropped from the front";
    /// Drop reason: a PDU found Q >= HBO (an eligible one with Clp0FairShare: and its VC above
    /// Q_CLP0 / N_a) and was refused whole.
    static constexpr char HIGH_THRESHOLD[] = "EA98: PDU refused at first cell, occupancy at HBO";
    /// Drop reason: a cell of an accepted PDU found no room; the rest but the EOM go (PPD).
    static constexpr char BUFFER_FULL[] = "EA98: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    ~Ea98BufferPolicy() override;

    /// @return true for the variants that drop from the front (1 and 3)
    bool DropsFromFront() const;
    /// @return true for the variants with per-VC accounting (2 and 3)
    bool HasPerVcAccounting() const;

  protected:
    /**
     * @brief A variant.
     * @param dropFromFront drop the VC's oldest whole non-eligible PDU instead of refusing an
     *        excess PDU above LBO (variant 1)
     * @param perVcAccounting accept an excess PDU above LBO while its VC is within Q_CLP1 / N_a
     *        (variant 2)
     */
    Ea98BufferPolicy(bool dropFromFront, bool perVcAccounting);

    bool m_clp0FairShare{false}; //!< "Clp0FairShare" (variants 2 and 3 have the attribute)

  private:
    AtmAdmitDecision AdmitNonEligibleAboveLbo(const AtmPortState& state,
                                              uint32_t vc,
                                              uint32_t q,
                                              uint32_t hbo) const override;
    bool MayExceedHbo(const AtmPortState& state, uint32_t vc) const override;
    const char* GetLowReason() const override;
    const char* GetHighReason() const override;
    const char* GetBufferFullReason() const override;

    bool m_dropFromFront;   //!< variant 1's drop-from-front
    bool m_perVcAccounting; //!< variant 2's share test for excess PDUs
};

/**
 * @ingroup atm
 * @brief Elloumi and Afifi's variant 1, drop-from-front Double-EPD (short name `ea98-1`; rule in
 *        Ea98BufferPolicy): a non-eligible PDU arriving between LBO and HBO enters in place of
 *        the oldest whole non-eligible PDU of its VC, which the port purges
 *        (AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT); without one it is refused as in
 *        Double-EPD.
 */
class Ea98DropFromFrontBufferPolicy : public Ea98BufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    Ea98DropFromFrontBufferPolicy();
    ~Ea98DropFromFrontBufferPolicy() override;
};

/**
 * @ingroup atm
 * @brief Elloumi and Afifi's variant 2, per-VC accounting Double-EPD (short name `ea98-2`; rule
 *        in Ea98BufferPolicy): a non-eligible PDU arriving between LBO and HBO is accepted while
 *        its VC holds at most Q_CLP1 / N_a non-eligible cells; attribute `Clp0FairShare`
 *        (default false) adds the CLP = 0 test above HBO.
 */
class Ea98PerVcAccountingBufferPolicy : public Ea98BufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    Ea98PerVcAccountingBufferPolicy();
    ~Ea98PerVcAccountingBufferPolicy() override;

  protected:
    /**
     * @brief Variant 2, or with drop-from-front variant 3.
     * @param dropFromFront also drop from the front where the share test refuses
     */
    explicit Ea98PerVcAccountingBufferPolicy(bool dropFromFront);
};

/**
 * @ingroup atm
 * @brief Elloumi and Afifi's variant 3 (short name `ea98-3`; rule in Ea98BufferPolicy): variant
 *        2's share test, and variant 1's drop-from-front where the share test refuses.
 */
class Ea98CombinedBufferPolicy : public Ea98PerVcAccountingBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    Ea98CombinedBufferPolicy();
    ~Ea98CombinedBufferPolicy() override;
};

} // namespace ns3

#endif // EA98_BUFFER_POLICY_H
