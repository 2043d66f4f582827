/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRAFFIC_CONTRACT_H
#define ATM_TRAFFIC_CONTRACT_H

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-service-category.h"
#include "ns3/attribute-helper.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

/**
 * @file
 * @ingroup atm
 * ns3::AtmTrafficContract: the traffic contract of a VC or VP (ATM Forum TM 4.0/4.1).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief ATM Forum conformance definitions (TM 4.0/4.1, as tabulated in BON): which cells a UPC
 *        tests against which parameters, and what it does with non-conforming ones.
 */
enum class AtmConformance : uint8_t
{
    CBR_1, //!< GCRA(1/PCR_0+1, CDVT) on all cells
    VBR_1, //!< dual GCRA (PCR, SCR/MBS) on all cells (CLP 0+1); non-conforming cells discarded
    VBR_2, //!< PCR on all cells, SCR on CLP=0 cells; non-conforming cells discarded
    VBR_3, //!< as VBR.2, but CLP=0 cells failing the SCR test are tagged (CLP 0 -> 1) and passed
    UBR_1, //!< no UPC required; a PCR, if given, is policed on all cells
    UBR_2, //!< as UBR.1; the network may tag CLP=0 cells (non-conforming cells are tagged)
    ABR,   //!< GCRA(1/PCR, CDVT) on all cells (the ER-tracking D-GCRA belongs to ABR support)
    GFR_1, //!< PCR on all cells; no network tagging (switches find the CLP=0 PDUs needed for MCR)
    GFR_2, //!< PCR on all cells; F-GCRA(1/MCR, f) tags non-eligible CLP=0 PDUs (whole PDUs)
};

/**
 * @ingroup atm
 * @param conformance a conformance definition
 * @return its ATM Forum name ("CBR.1", "VBR.3", "GFR.2", ...)
 */
const char* ToString(AtmConformance conformance);

/**
 * @ingroup atm
 * @brief Print the ATM Forum name of a conformance definition.
 * @param os the stream
 * @param conformance the definition
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, AtmConformance conformance);

/**
 * @ingroup atm
 * @brief The ABR parameter set of a contract (ATM Forum TM 4.0 names).
 *
 * Only the set is defined here; the ABR source, destination and switch rules that read it are
 * a separate part of the module. The defaults are TM 4.0's candidate values, not yet checked
 * against the standard's text; BON's ABR experiment overrides RIF (1).
 */
struct AtmAbrParameters
{
    AtmCellRate icr;              //!< initial cell rate (zero: use the PCR)
    double rif{1.0 / 16};         //!< rate increase factor, in (0, 1]
    double rdf{1.0 / 16};         //!< rate decrease factor, in (0, 1]
    uint32_t tbe{16777215};       //!< transient buffer exposure, cells
    Time frtt;                    //!< fixed round-trip time (zero: unknown)
    uint32_t nrm{32};             //!< cells between forward RM cells, at least 2
    Time trm{MilliSeconds(100)};  //!< upper bound between forward RM cells
    Time adtf{MilliSeconds(500)}; //!< ACR decrease time factor
    double cdf{1.0 / 16};         //!< cutoff decrease factor, in [0, 1]
};

/**
 * @ingroup atm
 * @brief The traffic contract of a VC or VP: service category, conformance definition and the
 *        parameters the definition needs (TM 4.0/4.1; BON).
 *
 * | category | conformance          | parameters                                          |
 * |----------|----------------------|-----------------------------------------------------|
 * | CBR      | CBR.1                | PCR (> 0), CDVT                                     |
 * | rt-VBR, nrt-VBR | VBR.1/2/3     | PCR, CDVT, SCR (<= PCR), MBS (>= 1), CDVT of SCR    |
 * | UBR      | UBR.1, UBR.2         | PCR (optional: line rate), CDVT                     |
 * | ABR      | ABR                  | PCR (optional), CDVT, MCR (<= PCR), ICR, RIF, RDF, ... |
 * | GFR      | GFR.1, GFR.2         | PCR (optional), CDVT, MCR (<= PCR), MBS, MFS (<= MBS), CDVT
 * of MCR |
 *
 * Rates are exact cell rates (AtmCellRate, cells/s); a zero PCR means "the line rate of every
 * link on the path" and is allowed where the category does not require a PCR. Times (CDVTs)
 * are ns-3 Times; sizes (MBS, MFS) are cells. The derived tolerances follow BON:
 * the SCR burst tolerance tau_S = CDVT_SCR + (MBS - 1)(1/SCR - 1/PCR) and the F-GCRA limit
 * f = CDVT_MCR + (MBS - 1)(1/MCR - 1/PCR); the policers compute them exactly from the rates.
 *
 * Construction: the named factories (Cbr(), Vbr(), Ubr(), Abr(), Gfr()), or a string (Parse(),
 * the attribute value and CommandLine form): the conformance definition, then key=value pairs,
 * e.g. `"VBR.3 PcrCellsPerSec=15625 ScrCellsPerSec=5208 MbsCells=30 Cdvt=700us"`,
 * `"CBR.1 PcrCellsPerSec=36000"`, `"rt-VBR.1 ..."`, `"UBR"`, `"GFR.2 McrCellsPerSec=20000
 * MbsCells=400 MfsCells=200"`. Rate keys end in CellsPerSec and take every AtmCellRate form
 * (cells/s, a preset, a cell time, or a bit rate: `6Mbps` under the line convention,
 * `13.824Mbps@payload` under the payload convention). operator<< prints this form, so a
 * contract read back from its printout is equal to it.
 *
 * Every way of building a contract validates it: an invalid combination (SCR above PCR, MBS of
 * 0, MCR above PCR, MFS above MBS, a negative CDVT, a VBR definition on a CBR contract, ABR
 * parameters on a contract of another category, ...)
 * stops the run with a message naming the contract (and the VC, when the contract is checked
 * against a path), the value and the rule; TryParse() and IsValid() report it instead.
 */
class AtmTrafficContract
{
  public:
    /// UBR.1 at line rate.
    AtmTrafficContract();

    /**
     * @brief A contract of a category with a peak cell rate and the category's default
     *        conformance definition (CBR.1, VBR.1 for rt/nrt-VBR without SCR is refused, UBR.1,
     *        ABR, GFR.1). Kept for source compatibility; the named factories say more.
     * @param category the service category (not VBR: use Vbr())
     * @param pcr the peak cell rate (zero: line rate; CBR needs a positive PCR)
     */
    AtmTrafficContract(AtmServiceCategory category, AtmCellRate pcr);

    /**
     * @param pcr the peak cell rate (zero: line rate)
     * @param conformance UBR_1 (default) or UBR_2
     * @param cdvt the CDVT of the PCR
     * @return a UBR contract
     */
    static AtmTrafficContract Ubr(AtmCellRate pcr = AtmCellRate(),
                                  AtmConformance conformance = AtmConformance::UBR_1,
                                  Time cdvt = Time(0));
    /**
     * @param pcr the peak cell rate (positive)
     * @param cdvt the cell delay variation tolerance of the PCR
     * @return a CBR.1 contract
     */
    static AtmTrafficContract Cbr(AtmCellRate pcr, Time cdvt = Time(0));
    /**
     * @param conformance VBR_1, VBR_2 or VBR_3
     * @param pcr the peak cell rate (positive)
     * @param cdvt the CDVT of the PCR
     * @param scr the sustainable cell rate (positive, at most the PCR)
     * @param mbs the maximum burst size, cells (at least 1)
     * @param realTime true for rt-VBR, false for nrt-VBR (the queue class at each port)
     * @param cdvtScr the CDVT associated with the SCR (tau_SCR in tau_S)
     * @return a VBR contract
     */
    static AtmTrafficContract Vbr(AtmConformance conformance,
                                  AtmCellRate pcr,
                                  Time cdvt,
                                  AtmCellRate scr,
                                  uint32_t mbs,
                                  bool realTime = false,
                                  Time cdvtScr = Time(0));
    /**
     * @param pcr the peak cell rate (zero: line rate)
     * @param mcr the minimum cell rate (at most the PCR)
     * @param parameters the rest of the ABR parameter set
     * @param cdvt the CDVT of the PCR
     * @return an ABR contract
     */
    static AtmTrafficContract Abr(AtmCellRate pcr,
                                  AtmCellRate mcr,
                                  const AtmAbrParameters& parameters = AtmAbrParameters(),
                                  Time cdvt = Time(0));
    /**
     * @param conformance GFR_1 or GFR_2
     * @param pcr the peak cell rate (zero: line rate)
     * @param mcr the minimum cell rate (positive, at most the PCR)
     * @param mbs the maximum burst size, cells (at least the MFS)
     * @param mfs the maximum frame size, cells (at least 1)
     * @param cdvt the CDVT of the PCR
     * @param cdvtMcr the CDVT of the MCR (tau_MCR in the F-GCRA limit)
     * @return a GFR contract
     */
    static AtmTrafficContract Gfr(AtmConformance conformance,
                                  AtmCellRate pcr,
                                  AtmCellRate mcr,
                                  uint32_t mbs,
                                  uint32_t mfs,
                                  Time cdvt = Time(0),
                                  Time cdvtMcr = Time(0));

    /**
     * @brief Parse the string form (class description); aborts with the reason if invalid.
     * @param text the contract
     * @return the contract
     */
    static AtmTrafficContract Parse(const std::string& text);
    /**
     * @brief Parse the string form without aborting.
     * @param text the contract
     * @param contract receives the contract on success (may be null)
     * @param error receives the reason on failure (may be null)
     * @return true if the string is a valid contract
     */
    static bool TryParse(const std::string& text, AtmTrafficContract* contract, std::string* error);

    /// @return the service category
    AtmServiceCategory GetCategory() const;
    /// @return the conformance definition
    AtmConformance GetConformance() const;
    /// @return the peak cell rate (zero: line rate)
    AtmCellRate GetPcr() const;
    /// @return true if a PCR was given
    bool HasPcr() const;
    /// @return the CDVT of the PCR
    Time GetCdvt() const;
    /// @return the sustainable cell rate (zero unless VBR)
    AtmCellRate GetScr() const;
    /// @return the maximum burst size in cells (VBR, GFR; 0 otherwise)
    uint32_t GetMbs() const;
    /// @return the CDVT associated with the SCR (VBR)
    Time GetCdvtScr() const;
    /// @return the minimum cell rate (ABR, GFR; zero otherwise)
    AtmCellRate GetMcr() const;
    /// @return the CDVT associated with the MCR (GFR)
    Time GetCdvtMcr() const;
    /// @return the maximum frame size in cells (GFR; 0 otherwise)
    uint32_t GetMfs() const;
    /// @return the ABR parameter set (meaningful for ABR)
    const AtmAbrParameters& GetAbrParameters() const;

    /// @return true for VBR.3 and UBR.2 and GFR.2: definitions under which the network tags
    bool IsTaggingAllowed() const;
    /// @return true if a UPC enforcing this contract tests anything (a PCR, an SCR, an MCR)
    bool IsPoliced() const;

    /**
     * @brief Check the contract's rules.
     * @param error receives the first broken rule, naming the value and the fix (may be null)
     * @return true if every rule holds
     */
    bool IsValid(std::string* error = nullptr) const;

    /**
     * @brief Abort with a message naming @p where, the value and the rule if the contract is
     *        invalid (IsValid()).
     * @param where the object being configured, e.g. "AtmPvcHelper: PVC 10.1.0.1 -> 10.1.0.2"
     */
    void Check(const std::string& where) const;

    /**
     * @brief Abort with a message naming @p where if the contract cannot be carried by a link
     *        (a rate above the link's cell rate), after Check().
     * @param where the VC and link being set up, for the message
     * @param lineRate the link's cell rate
     */
    void CheckAgainstLink(const std::string& where, AtmCellRate lineRate) const;

    /**
     * @param other another contract
     * @return true if every field is equal (rates exactly)
     */
    bool operator==(const AtmTrafficContract& other) const;
    /**
     * @param other another contract
     * @return true if any field differs
     */
    bool operator!=(const AtmTrafficContract& other) const;

  private:
    AtmServiceCategory m_category{AtmServiceCategory::UBR}; //!< service category
    AtmConformance m_conformance{AtmConformance::UBR_1};    //!< conformance definition
    AtmCellRate m_pcr;                                      //!< peak cell rate (zero: line rate)
    Time m_cdvt;                                            //!< CDVT of the PCR
    AtmCellRate m_scr;                                      //!< sustainable cell rate
    uint32_t m_mbs{0};                                      //!< maximum burst size, cells
    Time m_cdvtScr;                                         //!< CDVT of the SCR
    AtmCellRate m_mcr;                                      //!< minimum cell rate
    Time m_cdvtMcr;                                         //!< CDVT of the MCR
    uint32_t m_mfs{0};                                      //!< maximum frame size, cells
    AtmAbrParameters m_abr;                                 //!< ABR parameter set
};

/**
 * @brief Print the contract in its string form (class description), e.g.
 *        "VBR.3 PcrCellsPerSec=15625 ScrCellsPerSec=5208 MbsCells=30".
 * @param os the stream
 * @param contract the contract
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmTrafficContract& contract);

/**
 * @brief Read a contract: the rest of the stream's current line (the string form contains
 *        spaces); sets the failbit if it is invalid.
 * @param is the stream
 * @param contract receives the contract
 * @return the stream
 */
std::istream& operator>>(std::istream& is, AtmTrafficContract& contract);

ATTRIBUTE_HELPER_HEADER(AtmTrafficContract);

} // namespace ns3

#endif // ATM_TRAFFIC_CONTRACT_H
