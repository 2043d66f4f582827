/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_COMMAND_LINE_H
#define ATM_COMMAND_LINE_H

#include "ns3/atm-cell-rate.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCommandLine: typed, range-checked options on an ns3::CommandLine.
 */

namespace ns3
{

class CommandLine;

/**
 * @ingroup atm
 * @brief Typed, range-checked options on an ns3::CommandLine, with usage errors that name the
 *        option, the value and what is valid.
 *
 * ns3::CommandLine reads a typed option with `operator>>`, which accepts "-3" for an unsigned
 * variable (it wraps to 4294967293), stops at "1.5" after the 1 and takes "1e9" for a uint32_t as
 * 1. An option registered here is parsed strictly instead: the whole text must be a number of the
 * option's type inside the range given at registration (a time with an ns-3 unit, a cell rate as
 * AtmCellRate::TryParse reads it, a name out of a list, or whatever a check function accepts).
 * Anything else ends the program while the command line is parsed, before it has built or
 * written anything, with one line on standard error and exit code 1 (a usage error, like the one
 * ns3::CommandLine gives for an unknown option), e.g.
 *
 * @verbatim
   atm-n-source: invalid --nSources=-3: expected an integer in [1, 4000]
   atm-n-source: run with --help for every option and its default
   @endverbatim
 *
 * Options that mean "not given" (use a preset's value) need no sentinel value: IsSet() says
 * whether the user gave the option, and Fail() reports errors that involve several options
 * (checked after ns3::CommandLine::Parse()) in the same format.
 *
 * @code
 *   uint32_t nSources = 5;
 *   Time accessDelay;                 // the preset's unless --accessDelay is given
 *   CommandLine cmd(__FILE__);
 *   AtmCommandLine options(cmd);
 *   options.AddValue("nSources", "number of TCP sources", nSources, 1, 4000);
 *   options.AddValue("accessDelay", "one-way delay of the access links", accessDelay,
 *                    Time(0), Seconds(10), "the preset's");
 *   cmd.Parse(argc, argv);
 *   if (!options.IsSet("accessDelay")) { accessDelay = preset.accessDelay; }
 * @endcode
 *
 * Campaign tools: SEM (the ns-3 Simulation Execution Manager) reads the options and their
 * defaults from --PrintHelp and passes every one of them on every run, in Python's spelling of
 * the value it read: an integer default 1000 comes back as "1000.0", true as "True", a missing
 * default as "None", a descriptive default ("the preset's") as that text. So an integer option
 * also takes digits followed by a fraction of zeros, a boolean any case, a numeric AddChoice()
 * another spelling of the same number; and a text that spells the option's default (the same
 * text, or word in another case, or number, or "None" where there is no default) counts as not
 * given: IsSet() is false and the variable keeps its default. Help texts should not contain
 * "--name" followed later by ':' or '=', nor brackets: SEM's parser of --PrintHelp would take
 * them for the option's name or default.
 *
 * Each AddValue() forwards to ns3::CommandLine::AddValue() with a callback, so --help lists the
 * option with its help text and default as usual. The object keeps its state in shared storage:
 * it may be destroyed before Parse() (TcpEraCommandLine uses a temporary one), but the variables
 * it writes must live until Parse() returns.
 */
class AtmCommandLine
{
  public:
    /**
     * @brief Check a string option's text.
     * @param text the value given on the command line
     * @param expected set to what would be valid when the text is refused
     * @return true if the text is valid
     */
    using Check = std::function<bool(const std::string& text, std::string* expected)>;

    /**
     * @param cmd the program's command line (its GetName() names the program in messages); it
     *        must outlive this object's registrations until its Parse() returns
     */
    explicit AtmCommandLine(CommandLine& cmd);

    /**
     * @brief An unsigned integer option: decimal digits only (no sign, fraction or exponent; a
     *        fraction of zeros, "1000.0", is taken), in [@p min, @p max].
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param min smallest valid value
     * @param max largest valid value
     * @param defaultText the default as --help shows it (empty: @p value)
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  uint32_t& value,
                  uint32_t min,
                  uint32_t max,
                  const std::string& defaultText = "");

    /// @copydoc AddValue(const std::string&,const std::string&,uint32_t&,uint32_t,uint32_t,
    /// const std::string&)
    void AddValue(const std::string& name,
                  const std::string& help,
                  uint64_t& value,
                  uint64_t min,
                  uint64_t max,
                  const std::string& defaultText = "");

    /**
     * @brief A signed integer option in [@p min, @p max] (an optional leading minus sign, then
     *        decimal digits).
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param min smallest valid value
     * @param max largest valid value
     * @param defaultText the default as --help shows it (empty: @p value)
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  int32_t& value,
                  int32_t min,
                  int32_t max,
                  const std::string& defaultText = "");

    /**
     * @brief A finite real option in [@p min, @p max] (std::strtod syntax, the whole text; "nan"
     *        and "inf" are refused).
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param min smallest valid value
     * @param max largest valid value
     * @param defaultText the default as --help shows it (empty: @p value)
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  double& value,
                  double min,
                  double max,
                  const std::string& defaultText = "");

    /**
     * @brief A time option in [@p min, @p max]: a real number followed by an ns-3 time unit (s,
     *        ms, us, ns, ps, fs, min, h, d, y; none means seconds), as ns3::Time reads it.
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param min smallest valid value
     * @param max largest valid value
     * @param defaultText the default as --help shows it (empty: @p value)
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  Time& value,
                  Time min,
                  Time max,
                  const std::string& defaultText = "");

    /**
     * @brief A boolean option: true, false (in any case), 1 or 0, or the option alone ("--vp")
     *        for true (ns-3's own parser also takes t/f and silently maps some other text).
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param defaultText the default as --help shows it (empty: "true" or "false")
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  bool& value,
                  const std::string& defaultText = "");

    /**
     * @brief A cell-rate option (AtmCellRate::TryParse: a preset such as OC3c, cells/s, a cell
     *        time, or a bit rate such as 155.52Mbps or 10Mbps\@payload; always positive).
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param defaultText the default as --help shows it (empty: @p value)
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  AtmCellRate& value,
                  const std::string& defaultText = "");

    /**
     * @brief A string option checked by a function (a file path, a contract, a policy name...).
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param check accepts or refuses a text (and says what is valid)
     * @param defaultText the default as --help shows it (empty: @p value), e.g. "the preset's"
     *        for an empty @p value that means "not given"
     */
    void AddValue(const std::string& name,
                  const std::string& help,
                  std::string& value,
                  Check check,
                  const std::string& defaultText = "");

    /**
     * @brief A list option: comma-separated real numbers, each in [@p min, @p max] (e.g.
     *        `--weights=20000,40000.5`). The list must not be empty; `--opt=` alone is refused.
     * @param name option name without "--"
     * @param help help text
     * @param values the variable (its contents are the default)
     * @param min smallest valid element
     * @param max largest valid element
     * @param defaultText the default as --help shows it (empty: @p values joined by commas)
     */
    void AddList(const std::string& name,
                 const std::string& help,
                 std::vector<double>& values,
                 double min,
                 double max,
                 const std::string& defaultText = "");

    /**
     * @brief A list option: comma-separated unsigned integers (decimal digits only), each in
     *        [@p min, @p max] (e.g. `--pduCells=1,32`). The list must not be empty.
     * @param name option name without "--"
     * @param help help text
     * @param values the variable (its contents are the default)
     * @param min smallest valid element
     * @param max largest valid element
     * @param defaultText the default as --help shows it (empty: @p values joined by commas)
     */
    void AddList(const std::string& name,
                 const std::string& help,
                 std::vector<uint32_t>& values,
                 uint32_t min,
                 uint32_t max,
                 const std::string& defaultText = "");

    /**
     * @brief A string option that must be one of @p choices (exact match; a numeric choice
     *        also in another spelling of its number, "1.0" for "1").
     * @param name option name without "--"
     * @param help help text
     * @param value the variable (its value is the default)
     * @param choices the valid values
     * @param defaultText the default as --help shows it (empty: @p value)
     */
    void AddChoice(const std::string& name,
                   const std::string& help,
                   std::string& value,
                   const std::vector<std::string>& choices,
                   const std::string& defaultText = "");

    /**
     * @param name an option registered here
     * @return true if the command line gave it, other than as its default spelled again
     */
    bool IsSet(const std::string& name) const;

    /**
     * @param name an option registered here
     * @return the text the command line gave for it (as typed, also when it spelled the
     *         default), or its default as --help shows it
     */
    std::string GetText(const std::string& name) const;

    /**
     * @brief Report a usage error and end the program with exit code 1: "<program>: invalid
     *        --<name>=<value>: <expected>" and a pointer to --help, on standard error.
     * @param name the option
     * @param value its value as given (or as the program understood it)
     * @param expected what would be valid, or how to fix it
     */
    [[noreturn]] void Fail(const std::string& name,
                           const std::string& value,
                           const std::string& expected) const;

    /**
     * @brief Fail() unless @p ok, with the option's text as the value (GetText()). For checks
     *        after ns3::CommandLine::Parse() that involve several options or an open range.
     * @param ok the condition a valid command line meets
     * @param name the option registered here that is wrong when @p ok is false
     * @param expected what would be valid, or how to fix it
     */
    void Require(bool ok, const std::string& name, const std::string& expected) const;

    /**
     * @brief A Check for cell rates (AtmCellRate::TryParse, which refuses zero), for options
     *        kept as text.
     * @return the check
     */
    static Check CellRateCheck();

    /**
     * @brief A Check for buffer policy names (AtmBufferPolicyFactory::TryResolve: a short name
     *        or the TypeId name of an AtmBufferPolicy subclass).
     * @return the check
     */
    static Check BufferPolicyCheck();

    /**
     * @brief A Check for cell scheduler names (AtmCellSchedulerFactory::TryResolve: a short name
     *        or the TypeId name of an AtmCellScheduler subclass).
     * @return the check
     */
    static Check CellSchedulerCheck();

    /**
     * @brief A Check for ABR switch behaviour names (AtmAbrBehaviourFactory::TryResolve: a short
     *        name or the TypeId name of an AtmAbrSwitchBehaviour subclass).
     * @return the check
     */
    static Check AbrBehaviourCheck();

    /**
     * @brief Parse a list of attribute settings, `Name=Value,Name=Value`, against the attributes
     *        of a TypeId (e.g. a buffer policy's): every name must be an attribute of @p tid or
     *        of its parents, every value one its checker accepts.
     * @param tid the TypeId
     * @param text the list (empty: no setting)
     * @param[out] settings the (name, value) pairs, in order
     * @param[out] expected on failure, what would be valid (the unknown name and the
     *        attributes there are, or the refused value and the attribute's type)
     * @return true if every setting is valid
     */
    static bool ParseAttributeList(TypeId tid,
                                   const std::string& text,
                                   std::vector<std::pair<std::string, std::string>>* settings,
                                   std::string* expected);

    /**
     * @brief ParseAttributeList() for the value of option @p name (e.g. `--policyAttributes`):
     *        Fail() with the option, its value and what would be valid if a setting is wrong.
     * @param name the option
     * @param tid the TypeId whose attributes the list sets
     * @param text the option's value
     * @return the (name, value) pairs, in order
     */
    std::vector<std::pair<std::string, std::string>> ParseAttributeOption(
        const std::string& name,
        TypeId tid,
        const std::string& text) const;

    /**
     * @brief Parse an unsigned decimal integer strictly (digits only, no overflow).
     * @param text the text
     * @param[out] value the number
     * @return true if @p text is one
     */
    static bool ParseUnsigned(const std::string& text, uint64_t* value);
    /**
     * @brief Parse a signed decimal integer strictly (optional '-', digits, within int64).
     * @param text the text
     * @param[out] value the number
     * @return true if @p text is one
     */
    static bool ParseSigned(const std::string& text, int64_t* value);
    /**
     * @brief Parse a finite real number (the whole text, std::strtod syntax).
     * @param text the text
     * @param[out] value the number
     * @return true if @p text is one
     */
    static bool ParseReal(const std::string& text, double* value);
    /**
     * @brief Parse a time as ns3::Time does, without its abort on a bad unit, and without
     *        overflowing ns3::Time's range.
     * @param text the text: a real number and an optional unit (s, ms, us, ns, ps, fs, min, h, d,
     *        y)
     * @param[out] value the time
     * @return true if @p text is one
     */
    static bool ParseTime(const std::string& text, Time* value);

  private:
    struct State;

    /**
     * @brief Register an option with ns3::CommandLine.
     * @param name option name
     * @param help help text
     * @param parse stores the value if the text is valid, else sets expected and returns false
     * @param defaultText the default as --help shows it
     */
    void Register(const std::string& name,
                  const std::string& help,
                  std::function<bool(const std::string&, std::string*)> parse,
                  const std::string& defaultText);

    CommandLine& m_cmd;             //!< the command line
    std::shared_ptr<State> m_state; //!< program name and the options given, shared with callbacks
};

} // namespace ns3

#endif // ATM_COMMAND_LINE_H
