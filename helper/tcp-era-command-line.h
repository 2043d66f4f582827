/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_ERA_COMMAND_LINE_H
#define TCP_ERA_COMMAND_LINE_H

#include "tcp-era-presets.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

/**
 * @file
 * @ingroup atm
 * ns3::TcpEraCommandLine: the command-line options of a TcpEraPresets.
 */

namespace ns3
{

class AtmCommandLine;
class CommandLine;

/**
 * @ingroup atm
 * @brief The command-line options that choose and adjust a TcpEraPresets, registered on an
 *        ns3::CommandLine in one call and applied in another.
 *
 * The options and what they do to TcpEraPresets::ForSource(--source):
 *
 * | option            | default        | effect                                          |
 * |-------------------|----------------|-------------------------------------------------|
 * | --source          | bsd            | the preset (TcpEraPresets::ForSource)           |
 * | --tcp             | the preset's   | SetVariant(): vanilla ... sack, sack1997        |
 * | --mss             | from the MTU   | SetSegmentSize(), 1 ... 65,487 bytes            |
 * | --timerTick       | the preset's   | SetTimerTick()                                  |
 * | --minRtoTicks     | the preset's   | SetMinRtoTicks()                                |
 * | --delayedAck      | the preset's   | 0 off; 1 on, with --delAckTimeout               |
 * | --delAckTimeout   | 200ms          | the delayed-ACK timer of --delayedAck=1         |
 * | --timestamps      | the preset's   | RFC 1323 timestamps: 0 off, 1 on                |
 * | --dupAckThreshold | the preset's   | SetDupAckThreshold(), 1 ... 1000                |
 *
 * The options are checked as AtmCommandLine checks its own: a value out of range, a negative
 * number or an unknown name ends the program with a usage error that names the option, the value
 * and what is valid (exit code 1), while the command line is parsed.
 *
 * The MTU and the window are left to the program (they size its devices and its ceilings as
 * well): set them on the preset GetPresets() returns.
 *
 * @code
 *   TcpEraCommandLine tcpOptions;        // or SetDefault...() first, for other defaults
 *   CommandLine cmd(__FILE__);
 *   cmd.AddValue("mtu", "IP MTU", mtu);
 *   tcpOptions.AddOptions(cmd);          // or AddOptions(cmd, SOURCE | VARIANT | ...)
 *   cmd.Parse(argc, argv);
 *   TcpEraPresets tcp = tcpOptions.GetPresets();
 *   tcp.SetMtu(mtu);
 *   tcp.Install(hosts);
 * @endcode
 */
class TcpEraCommandLine
{
  public:
    /** The options AddOptions() can register (or them together). */
    enum Option : uint32_t
    {
        SOURCE = 1U << 0,            //!< --source
        VARIANT = 1U << 1,           //!< --tcp
        MSS = 1U << 2,               //!< --mss
        TIMER_TICK = 1U << 3,        //!< --timerTick
        MIN_RTO_TICKS = 1U << 4,     //!< --minRtoTicks
        DELAYED_ACK = 1U << 5,       //!< --delayedAck and --delAckTimeout
        TIMESTAMPS = 1U << 6,        //!< --timestamps
        DUP_ACK_THRESHOLD = 1U << 7, //!< --dupAckThreshold
        ALL = (1U << 8) - 1,         //!< every option above
    };

    /** The defaults of the table above. */
    TcpEraCommandLine();

    /**
     * @brief Default of --source (before AddOptions()).
     * @param source a TcpEraPresets::ForSource name
     */
    void SetDefaultSource(const std::string& source);
    /**
     * @brief Default of --timerTick (before AddOptions()).
     * @param tick the tick (0: the preset's)
     */
    void SetDefaultTimerTick(Time tick);
    /**
     * @brief Defaults of --delayedAck and --delAckTimeout (before AddOptions()).
     * @param mode -1 the preset's, 0 off, 1 on
     * @param timeout the delayed-ACK timer when on
     */
    void SetDefaultDelayedAck(int mode, Time timeout);

    /**
     * @brief Register the options on a command line, in the order of the table above.
     * @param cmd the command line (before its Parse())
     * @param options which options (Option values or-ed together; an option not registered
     *        keeps its default)
     */
    void AddOptions(CommandLine& cmd, uint32_t options = ALL);

    /**
     * @brief Register the options on the program's AtmCommandLine, so that its IsSet(),
     *        GetText() and Require() know them too.
     * @param checked the program's checked options (before its command line's Parse())
     * @param options which options (Option values or-ed together)
     */
    void AddOptions(AtmCommandLine& checked, uint32_t options = ALL);

    /**
     * @brief The preset of --source with the options' overrides (after the command line's
     *        Parse()). An unknown --source or --tcp aborts, listing the valid names.
     * @return the preset (MTU and window as ForSource() gives them)
     */
    TcpEraPresets GetPresets() const;

    /**
     * @brief GetPresets() for a path of the given IP MTU and window, checked against them:
     *        a segment (MSS + 40 header bytes + 12 with timestamps) must fit the MTU and the
     *        window must hold one segment. A violation ends the program with a usage error
     *        naming --mss or --window (AtmCommandLine::Require(); the program registers
     *        --window on the same AtmCommandLine).
     * @param options the program's checked options (after its command line's Parse())
     * @param mtu the IP MTU in bytes (TcpEraPresets::SetMtu())
     * @param window the window in bytes (TcpEraPresets::SetWindow())
     * @return the preset with that MTU and window
     */
    TcpEraPresets GetPresets(const AtmCommandLine& options, uint32_t mtu, uint32_t window) const;

    /// @return --source
    const std::string& GetSource() const;
    /// @return --delayedAck: -1 the preset's, 0 off, 1 on
    int GetDelayedAck() const;

  private:
    std::string m_source;       //!< --source
    std::string m_variant;      //!< --tcp ("": the preset's)
    uint32_t m_mss;             //!< --mss (0: from the MTU)
    Time m_timerTick;           //!< --timerTick (0: the preset's)
    uint32_t m_minRtoTicks;     //!< --minRtoTicks (0: the preset's)
    int m_delayedAck;           //!< --delayedAck (-1: the preset's)
    Time m_delAckTimeout;       //!< --delAckTimeout
    int m_timestamps;           //!< --timestamps (-1: the preset's)
    uint32_t m_dupAckThreshold; //!< --dupAckThreshold (0: the preset's)
};

} // namespace ns3

#endif // TCP_ERA_COMMAND_LINE_H
