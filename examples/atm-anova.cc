/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-anova: the analysis of variance of a full factorial experiment (R. Jain, "The Art of
 * Computer Systems Performance Analysis", Wiley 1991, chapters 21-23), as ATM Forum 98-0876R1
 * (Jain et al.) applies it to TCP (4) x drop policy (2) x buffer (3) = 24 simulation runs per
 * delay: AtmFactorialAnova on a table of runs.
 *
 * Input: a CSV table on standard input (or --input=FILE, or inline with --rows, lines separated
 * by ';'): a header line of column names, then one line per run; the factor columns hold levels
 * (any text), the response column a number. The response is the last column unless --response
 * names it; the factors are the other columns unless --factors lists them. Every combination of
 * levels must have the same number of runs (one or more replications).
 *
 * @verbatim
   tcp,drop,buffer,efficiency
   Vanilla,EPD,0.5,0.61
   Reno,EPD,0.5,0.72
   ...
   @endverbatim
 *
 * Output: exactly one line on standard output, a JSON object (AtmFactorialAnova::ToJson): the
 * runs, replications and factors with their levels; the overall mean with its interval; SSY,
 * SS0 and SST; per term (main effects, then interactions up to --order): dof, SS, the
 * percentage of variation it explains, MS, F, the F quantile and p-value, the standard
 * deviation of its effects and each effect with its confidence interval; the error (dof, SSE,
 * its percentage, MSE, s_e, and the interactions above --order pooled into it); and the
 * percentages summed (100). Values that do not exist (no error degrees of freedom, SSE = 0 for
 * F) are null. A table that cannot be analysed (ragged, a factor with one level, a missing
 * combination of levels, fewer runs than the model's parameters, a constant response) is a
 * usage error naming the option it came from, exit code 1.
 *
 * --demo runs a built-in table instead: memory-cache, the 2 x 2 design with three replications
 * of Jain's Example 18.1 (memory 4 or 16 MB x cache 1 or 2 KB, MIPS); tcp-drop-buffer, a
 * 4 x 2 x 3 table built from known integer effects whose three-factor interaction plays the
 * error (the layout of JAIN WWW's experiments; the numbers are made up).
 *
 * Examples:
 *   atm-anova --demo=memory-cache
 *   atm-anova --input=runs.csv --response=efficiency --factors=tcp,drop,buffer
 *   atm-anova --rows='a,b,y;x,u,1;x,v,2;z,u,4;z,v,7' --order=1
 */

#include "ns3/atm-command-line.h"
#include "ns3/atm-factorial-anova.h"
#include "ns3/core-module.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @return Jain's memory-cache study with three replications (2 x 2 x 3 runs, MIPS)
 */
std::string
MemoryCacheTable()
{
    return "memory,cache,mips\n"
           "4MB,1KB,15\n4MB,1KB,18\n4MB,1KB,12\n"
           "16MB,1KB,45\n16MB,1KB,48\n16MB,1KB,51\n"
           "4MB,2KB,25\n4MB,2KB,28\n4MB,2KB,19\n"
           "16MB,2KB,75\n16MB,2KB,75\n16MB,2KB,81\n";
}

/**
 * @return a 4 x 2 x 3 table, y = 50 + a_i + b_j + c_k + ab_ij + ac_ik + bc_jk + e_ijk with integer
 *         effects summing to zero over each index (the same as the atm-factorial-anova suite's)
 */
std::string
TcpDropBufferTable()
{
    const char* tcp[] = {"Vanilla", "Reno", "NewReno", "SACK"};
    const char* drop[] = {"EPD", "SD"};
    const char* buffer[] = {"0.5", "1", "2"};
    const int a[] = {-6, -2, 3, 5};
    const int b[] = {-4, 4};
    const int c[] = {-3, 1, 2};
    const int ab[] = {2, -1, 0, -1}; // ab_i,EPD; ab_i,SD = -ab_i,EPD
    const int u[] = {1, -1, 1, -1};  // ac_ik = u_i w_k
    const int w[] = {1, -2, 1};
    const int bc[] = {1, 0, -1}; // bc_EPD,k; bc_SD,k = -bc_EPD,k
    const int eu[] = {3, -1, -1, -1};
    const int ev[] = {1, -1};
    const int ew[] = {1, 0, -1}; // e_ijk = eu_i ev_j ew_k: the three-factor interaction
    std::ostringstream os;
    os << "tcp,drop,buffer,efficiency\n";
    for (int k = 0; k < 3; ++k)
    {
        for (int j = 0; j < 2; ++j)
        {
            for (int i = 0; i < 4; ++i)
            {
                const int sign = j == 0 ? 1 : -1;
                const int y = 50 + a[i] + b[j] + c[k] + sign * ab[i] + u[i] * w[k] + sign * bc[k] +
                              eu[i] * ev[j] * ew[k];
                os << tcp[i] << "," << drop[j] << "," << buffer[k] << "," << y << "\n";
            }
        }
    }
    return os.str();
}

} // namespace

/**
 * The example's program (the file's description says what it runs and prints).
 * @param argc the number of command-line arguments
 * @param argv the command-line arguments (--PrintHelp lists the options)
 * @return the exit status
 */
int
main(int argc, char* argv[])
{
    std::string input = "-";
    std::string rows;
    std::string response;
    std::string factorsText;
    uint32_t order = 2;
    double confidence = 0.90;
    std::string demo = "none";

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddValue("input",
                     "CSV table of runs: a header of column names, one line per run ('-': "
                     "standard input)",
                     input,
                     [](const std::string& text, std::string* expected) {
                         if (text == "-")
                         {
                             return true;
                         }
                         std::ifstream f(text);
                         if (!f)
                         {
                             *expected = "a readable file or - for standard input";
                             return false;
                         }
                         return true;
                     });
    options.AddValue("rows",
                     "the CSV table inline, lines separated by ';' (instead of --input)",
                     rows,
                     [](const std::string& text, std::string* expected) {
                         *expected = "a header and lines of runs separated by ';'";
                         return !text.empty();
                     });
    options.AddValue("response",
                     "the response column (default: the last)",
                     response,
                     [](const std::string& text, std::string* expected) {
                         *expected = "a column name";
                         return !text.empty();
                     });
    options.AddValue("factors",
                     "the factor columns, comma-separated (default: all but the response)",
                     factorsText,
                     [](const std::string& text, std::string* expected) {
                         *expected = "column names separated by commas";
                         return !text.empty() && text.front() != ',' && text.back() != ',' &&
                                text.find(",,") == std::string::npos;
                     });
    options.AddValue("order",
                     "highest interaction order estimated (1: main effects only, 2: and the "
                     "two-factor interactions, ...); higher orders are pooled into the error",
                     order,
                     1,
                     16);
    options.AddValue("confidence",
                     "confidence level of the intervals and the F quantiles",
                     confidence,
                     0,
                     1);
    options.AddChoice("demo",
                      "analyse a built-in table instead of reading one",
                      demo,
                      {"none", "memory-cache", "tcp-drop-buffer"});
    cmd.Parse(argc, argv);
    options.Require(confidence > 0 && confidence < 1,
                    "confidence",
                    "expected a level in (0, 1), e.g. 0.90");
    const bool demoSet = demo != "none";
    options.Require(!(options.IsSet("rows") && (options.IsSet("input") || demoSet)),
                    "rows",
                    "give one table: --rows, --input or --demo");
    options.Require(!(options.IsSet("input") && demoSet),
                    "input",
                    "give one table: --input or --demo");

    // Where the table comes from: the option named in errors about its content.
    std::string source = "input";
    std::string sourceText = input;
    std::istringstream text;
    std::ifstream file;
    std::istream* in = &std::cin;
    if (demoSet)
    {
        text.str(demo == "memory-cache" ? MemoryCacheTable() : TcpDropBufferTable());
        in = &text;
        source = "demo";
        sourceText = demo;
    }
    else if (options.IsSet("rows"))
    {
        std::string table = rows;
        for (char& ch : table)
        {
            ch = ch == ';' ? '\n' : ch;
        }
        text.str(table);
        in = &text;
        source = "rows";
        sourceText = rows;
    }
    else if (input != "-")
    {
        file.open(input);
        in = &file;
    }
    else if (isatty(STDIN_FILENO))
    {
        options.Fail("input",
                     input,
                     "standard input is a terminal: pipe a CSV table into the program, or give "
                     "--input=FILE, --rows=... or --demo=memory-cache");
    }

    std::vector<std::string> factors;
    if (!factorsText.empty())
    {
        std::istringstream list(factorsText);
        std::string name;
        while (std::getline(list, name, ','))
        {
            factors.push_back(name);
        }
    }
    AtmFactorialAnova anova({"-"});
    std::string error;
    if (!AtmFactorialAnova::TryReadCsv(*in, response, factors, &anova, &error))
    {
        options.Fail(source, sourceText, error);
    }
    if (order > anova.GetFactors().size())
    {
        options.Fail("order",
                     std::to_string(order),
                     "expected at most the number of factors, " +
                         std::to_string(anova.GetFactors().size()));
    }
    AtmFactorialAnova::Result result;
    if (!anova.TryAnalyse(order, confidence, &result, &error))
    {
        options.Fail(source, sourceText, error);
    }
    std::cout << AtmFactorialAnova::ToJson(result).ToString() << std::endl;
    return 0;
}
