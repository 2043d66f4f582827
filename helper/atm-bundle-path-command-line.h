/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BUNDLE_PATH_COMMAND_LINE_H
#define ATM_BUNDLE_PATH_COMMAND_LINE_H

#include "ns3/atm-cell-rate.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>

/**
 * @file
 * @ingroup atm
 * ns3::AtmBundlePathCommandLine: the command-line options of an AtmBundleHelper path.
 */

namespace ns3
{

class AtmBundleHelper;
class AtmCommandLine;

/**
 * @ingroup atm
 * @brief The command-line options that describe the path of an AtmBundleHelper (two hosts,
 *        three switches, one policed CBR PVC), shared by the examples built on it (atm-spims,
 *        atm-bundle): registered in one call, checked and applied in another.
 *
 * | option          | default        | effect                                               |
 * |-----------------|----------------|------------------------------------------------------|
 * | --window        | 32768          | TCP window = socket buffers of both hosts (bytes)    |
 * | --pcr           | 10Mbps\@payload | PCR of the CBR PVC (at most the slowest link's rate) |
 * | --cdvt          | 100us          | CDVT of the policed contract                         |
 * | --rtt           | 100ms          | round-trip propagation delay (>= 4 access delays)    |
 * | --mtu           | 9188           | IP MTU of the hosts, 68 ... 65,527                   |
 * | --accessRate    | OC3c           | cell rate of the host links                          |
 * | --trunkRate     | DS3            | cell rate of s0-s1 and s1-s2                         |
 * | --accessDelay   | 5us            | one-way delay of each host link                      |
 * | --bufferCells   | 256            | cell buffer of every switch port                     |
 *
 * The checks are AtmCommandLine's: a value out of range ends the program with a usage error
 * that names the option, the value and what is valid (exit code 1), while the command line is
 * parsed; Apply() adds the checks across options (a PCR above a link's rate, an RTT shorter
 * than the access links).
 *
 * @code
 *   AtmBundlePathCommandLine path;
 *   path.AddOptions(options, "PCR of the CBR PVC"); // options: the program's AtmCommandLine
 *   cmd.Parse(argc, argv);
 *   AtmBundleHelper bundle;
 *   path.Apply(options, bundle);                    // rates, delays, MTU, buffers, contract
 *   TcpEraPresets tcp = tcpOptions.GetPresets(options, path.GetMtu(), path.GetWindow());
 * @endcode
 */
class AtmBundlePathCommandLine
{
  public:
    /**
     * @brief Register the options (the variables are this object's: it must live until the
     *        command line is parsed), in the order of the table above.
     * @param options the program's checked options (before its command line's Parse())
     * @param pcrHelp the help text of --pcr (what the PVC is, how it is shaped and policed)
     */
    void AddOptions(AtmCommandLine& options, const std::string& pcrHelp);

    /**
     * @brief Check the options against each other and configure @p bundle with them: access
     *        and trunk rates, access delay, RTT, switch buffers, MTU and the CBR contract
     *        (PCR, CDVT). A PCR above the slowest link's cell rate, or an RTT shorter than
     *        four access delays, ends the program with a usage error naming --pcr or --rtt.
     * @param options the options given to AddOptions(), after ns3::CommandLine::Parse()
     * @param bundle the helper, not yet installed
     */
    void Apply(const AtmCommandLine& options, AtmBundleHelper& bundle) const;

    /// @return --window, bytes
    uint32_t GetWindow() const;
    /// @return --mtu, bytes
    uint32_t GetMtu() const;
    /// @return --rtt
    Time GetRtt() const;
    /// @return --cdvt
    Time GetCdvt() const;
    /// @return --pcr as a rate
    AtmCellRate GetPcr() const;
    /// @return --pcr as given
    const std::string& GetPcrText() const;
    /// @return --accessRate as given
    const std::string& GetAccessRateText() const;
    /// @return --trunkRate as given
    const std::string& GetTrunkRateText() const;

  private:
    uint32_t m_window{32768};            //!< --window
    std::string m_pcr{"10Mbps@payload"}; //!< --pcr
    Time m_cdvt{MicroSeconds(100)};      //!< --cdvt
    Time m_rtt{MilliSeconds(100)};       //!< --rtt
    uint32_t m_mtu{9188};                //!< --mtu
    std::string m_accessRate{"OC3c"};    //!< --accessRate
    std::string m_trunkRate{"DS3"};      //!< --trunkRate
    Time m_accessDelay{MicroSeconds(5)}; //!< --accessDelay
    uint32_t m_bufferCells{256};         //!< --bufferCells
};

} // namespace ns3

#endif // ATM_BUNDLE_PATH_COMMAND_LINE_H
