/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_SOURCE_H
#define ATM_ABR_SOURCE_H

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-rm-fields.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmAbrSource: the source end system's rules of ATM Forum ABR for one VC.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The behaviour of an ABR source end system for one VC (ATM Forum Traffic Management
 *        4.0, af-tm-0056.000, section 5.10.4, rules 1-10): its allowed cell rate (ACR), which
 *        in-rate cell goes next, the forward RM cells it generates and its response to the
 *        backward RM cells it receives.
 *
 * The object holds the rules and their state only; it schedules nothing and reads no clock:
 * the caller passes the time. The sending adapter asks SelectNext() at each cell opportunity
 * (one per 1/ACR), sends what it says and reports it (SendForwardRm(), SendBackwardRm(),
 * SendData()), and hands every backward RM cell of the VC to ReceiveBackwardRm().
 *
 * The rules (numbers as in the specification):
 * - 1: MCR <= ACR <= PCR; cells are sent at no more than ACR.
 * - 2: ACR starts at ICR (Start()); the first in-rate cell is a forward RM cell.
 * - 3: the next in-rate cell is (a) a forward RM cell if at least Mrm in-rate cells have gone
 *   since the last one and Trm has elapsed, or Nrm - 1 in-rate cells have gone; otherwise (b)
 *   a waiting backward RM cell if no in-rate backward RM cell has gone since the last forward
 *   one or no data cell waits; otherwise (c) a data cell.
 * - 5: before a forward RM cell, if ACR > ICR and more than ADTF has elapsed since the last one
 *   ("use it or lose it"), ACR = ICR.
 * - 6: then, if at least CRM forward RM cells have gone since the last backward RM cell with
 *   BN = 0 arrived, ACR decreases by ACR x CDF, not below MCR. CRM = ceil(TBE / Nrm).
 * - 7 and 10: the forward RM cell carries CCR = ACR, MCR, ER = PCR, DIR = BN = CI = NI = 0.
 * - 8: a backward RM cell with CI = 1 decreases ACR by ACR x RDF, not below MCR; one with CI = 0
 *   and NI = 0 increases it by RIF x PCR, not above PCR; NI = 1 forbids an increase.
 * - 9: then ACR = min(ACR, ER), not below MCR. An ER field holding the code of the PCR or more
 *   (the 16-bit rate format rounds most PCRs down) counts as the PCR itself.
 *
 * Where the specification allows more ("reduced by at least", "increased by no more than")
 * this model takes exactly the stated amount. Out-of-rate RM cells (rule 11, at TCR while ACR
 * is below it) are not modelled.
 *
 * MisbehaviourFactor M >= 1 models the misbehaving source of Bonaventure's thesis ("Integration
 * of ATM under TCP/IP to provide services with minimum guaranteed bandwidth", ch. 5): after rule 8
 * it sets ACR = min(M x min(ACR, ER), PCR) (not below MCR) instead of rule 9; M = 1 is rule 9.
 *
 * Attribute defaults are the specification's defaults (Nrm 32, Mrm 2, Trm 100 ms, ADTF 0.5 s,
 * CDF, RIF and RDF 1/16, TBE 16,777,215 cells); PCR, MCR and ICR are per connection and have
 * none: set them (ICR between MCR and PCR, PCR positive). Start() refuses an inconsistent set.
 */
class AtmAbrSource : public Object
{
  public:
    /** The cell the source sends at its next in-rate opportunity. */
    enum Next
    {
        NOTHING,     //!< nothing waits
        FORWARD_RM,  //!< a forward RM cell (SendForwardRm())
        BACKWARD_RM, //!< a waiting backward RM cell (turned around by this end system)
        DATA,        //!< a data cell
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrSource();
    ~AtmAbrSource() override;

    /**
     * @brief Take the rates and parameters of an ABR contract: PCR (a contract without one:
     *        @p lineRate), MCR, ICR (zero in the contract: the PCR), Nrm, Trm, ADTF, RIF, RDF,
     *        CDF and TBE. Mrm and MisbehaviourFactor keep their values. Aborts if the contract
     *        is not an ABR one.
     * @param contract the VC's contract
     * @param lineRate the rate of the link the source sends on
     */
    void SetContract(const AtmTrafficContract& contract, AtmCellRate lineRate);

    /**
     * @brief Rule 2: check the parameters and set ACR = ICR; the first in-rate cell will be a
     *        forward RM cell. Aborts, naming the attribute, if the parameters are inconsistent.
     * @param now the time the connection starts
     */
    void Start(Time now);

    /**
     * @brief Rule 3: what the next in-rate cell is.
     * @param now the time of the cell opportunity
     * @param backwardRmWaiting a backward RM cell waits to be sent
     * @param dataWaiting a data cell waits to be sent
     * @return the cell to send
     */
    Next SelectNext(Time now, bool backwardRmWaiting, bool dataWaiting) const;

    /**
     * @brief Rules 5, 6, 7 and 10: a forward RM cell is sent now.
     * @param now the time
     * @return its fields
     */
    AtmRmFields SendForwardRm(Time now);

    /** @brief An in-rate backward RM cell was sent (rule 3's counts). */
    void SendBackwardRm();

    /** @brief A data cell was sent (rule 3's counts). */
    void SendData();

    /**
     * @brief Rules 8 and 9: a backward RM cell of this VC arrived.
     * @param brm its fields (DIR = 1)
     */
    void ReceiveBackwardRm(const AtmRmFields& brm);

    /** @return true once Start() was called */
    bool IsStarted() const;

    /** @return the allowed cell rate in cells/s */
    double GetAcr() const;

    /** @return CRM, the forward RM cells that may go without a backward one: ceil(TBE / Nrm) */
    uint32_t GetCrm() const;

    /** @return the forward RM cells sent */
    uint64_t GetForwardRmSent() const;

  private:
    /** Abort with a message if the attributes are inconsistent. */
    void Check() const;

    /**
     * @param acr a rate
     * @return @p acr clamped to [MCR, PCR]
     */
    double Clamp(double acr) const;

    double m_pcr;              //!< peak cell rate (cells/s)
    double m_mcr;              //!< minimum cell rate (cells/s)
    double m_icr;              //!< initial cell rate (cells/s)
    uint32_t m_nrm;            //!< Nrm
    uint32_t m_mrm;            //!< Mrm
    Time m_trm;                //!< Trm
    Time m_adtf;               //!< ADTF
    double m_rif;              //!< RIF
    double m_rdf;              //!< RDF
    double m_cdf;              //!< CDF
    uint32_t m_tbe;            //!< TBE (cells)
    double m_misbehaviour;     //!< Bonaventure's M factor (1: a compliant source)
    TracedValue<double> m_acr; //!< ACR (cells/s)
    bool m_started;            //!< Start() was called
    bool m_frmSent;            //!< an in-rate forward RM cell has been sent
    Time m_lastFrm;            //!< when the last in-rate forward RM cell was sent
    uint32_t m_cellsSinceFrm;  //!< in-rate cells sent since the last forward RM cell
    bool m_brmSinceFrm;        //!< an in-rate backward RM cell was sent since the last forward
    uint32_t m_frmSinceBrm;    //!< forward RM cells since the last backward one with BN = 0
    uint64_t m_frmCount;       //!< forward RM cells sent
};

} // namespace ns3

#endif // ATM_ABR_SOURCE_H
