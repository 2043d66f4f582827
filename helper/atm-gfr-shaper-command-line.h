/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_GFR_SHAPER_COMMAND_LINE_H
#define ATM_GFR_SHAPER_COMMAND_LINE_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

class AtmCommandLine;
class AtmPvcHelper;

/**
 * @ingroup atm
 * @brief The command-line options of Bonaventure's simple GFR shaper (GfrShaper; O.
 *        Bonaventure, PhD thesis, Université de Liège, 1998, ch. 8.2.1), shared by the
 *        examples that shape their VCs with it: `--shaper=none|gfr`, `--shaperBufferCells`,
 *        `--shaperMinTh`, `--shaperMaxTh`, `--shaperPeriod` and `--shaperWq`.
 *
 * @code
 *   AtmGfrShaperCommandLine shaper;
 *   shaper.AddOptions(options, "each router's VC");
 *   cmd.Parse(argc, argv);
 *   shaper.CheckOptions(options, service != "ubr");
 *   if (!options.IsSet("shaperMinTh")) { shaper.SetMinThreshold(options, mbs, "mbs"); }
 *   shaper.Apply(pvcHelper); // before AtmPvcHelper::Install()
 * @endcode
 */
class AtmGfrShaperCommandLine
{
  public:
    /**
     * @brief Register the options (the variables are this object's: it must live until the
     *        command line is parsed).
     * @param options the program's checked options
     * @param what what is shaped, for the help text (e.g. "each workstation's VC")
     * @param minThDefault the help text of `--shaperMinTh`'s default (empty: the value, 192)
     */
    void AddOptions(AtmCommandLine& options,
                    const std::string& what,
                    const std::string& minThDefault = "");

    /**
     * @brief The checks that need the parsed command line: Min_th below Max_th, and
     *        `--shaper=gfr` only on GFR VCs (the shaper shapes to the contract's MCR).
     * @param options the options given to AddOptions(), after ns3::CommandLine::Parse()
     * @param gfr true if the VCs to shape have GFR contracts
     * @param gfrOption how the program's options select GFR, for the error (e.g.
     *        "--service=gfr")
     */
    void CheckOptions(const AtmCommandLine& options, bool gfr, const std::string& gfrOption) const;

    /// @return true with `--shaper=gfr`
    bool IsEnabled() const;
    /// @return the `--shaper` value (none or gfr)
    const std::string& GetName() const;
    /// @return Min_th, cells
    uint32_t GetMinThreshold() const;
    /**
     * @brief Set Min_th from another option when the user did not give `--shaperMinTh` (e.g.
     *        the contract's MBS between routers); checks it against Max_th.
     * @param options the parsed options, for the error
     * @param cells Min_th, cells
     * @param from the option @p cells comes from (e.g. "mbs"), named in the error
     */
    void SetMinThreshold(const AtmCommandLine& options, uint32_t cells, const std::string& from);

    /**
     * @brief With `--shaper=gfr`: switch @p pvc's shaping on with GfrShaper and these
     *        parameters (AtmPvcHelper::SetShaper(), SetShaperAttribute()); nothing otherwise.
     * @param pvc the helper that installs the VCs to shape
     */
    void Apply(AtmPvcHelper& pvc) const;

  private:
    std::string m_name{"none"};      //!< --shaper
    uint32_t m_bufferCells{2000};    //!< --shaperBufferCells
    uint32_t m_minTh{192};           //!< --shaperMinTh
    uint32_t m_maxTh{2000};          //!< --shaperMaxTh
    Time m_period{MilliSeconds(10)}; //!< --shaperPeriod
    double m_wq{0.05};               //!< --shaperWq
};

} // namespace ns3

#endif // ATM_GFR_SHAPER_COMMAND_LINE_H
