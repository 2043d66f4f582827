/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-traffic-contract.h"

#include "atm-decimal.h"

#include "ns3/abort.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace ns3
{

ATTRIBUTE_HELPER_CPP(AtmTrafficContract);

namespace
{
/// One entry of the conformance-definition name table.
struct DefinitionName
{
    const char* name;            //!< as written in the string form
    AtmServiceCategory category; //!< its category
    AtmConformance conformance;  //!< its definition
};

/// Names accepted by Parse(); the first entry of each definition is what operator<< prints.
const DefinitionName DEFINITION_NAMES[] = {
    {"CBR.1", AtmServiceCategory::CBR, AtmConformance::CBR_1},
    {"CBR", AtmServiceCategory::CBR, AtmConformance::CBR_1},
    {"nrt-VBR.1", AtmServiceCategory::NRT_VBR, AtmConformance::VBR_1},
    {"nrt-VBR.2", AtmServiceCategory::NRT_VBR, AtmConformance::VBR_2},
    {"nrt-VBR.3", AtmServiceCategory::NRT_VBR, AtmConformance::VBR_3},
    {"rt-VBR.1", AtmServiceCategory::RT_VBR, AtmConformance::VBR_1},
    {"rt-VBR.2", AtmServiceCategory::RT_VBR, AtmConformance::VBR_2},
    {"rt-VBR.3", AtmServiceCategory::RT_VBR, AtmConformance::VBR_3},
    {"VBR.1", AtmServiceCategory::NRT_VBR, AtmConformance::VBR_1},
    {"VBR.2", AtmServiceCategory::NRT_VBR, AtmConformance::VBR_2},
    {"VBR.3", AtmServiceCategory::NRT_VBR, AtmConformance::VBR_3},
    {"UBR.1", AtmServiceCategory::UBR, AtmConformance::UBR_1},
    {"UBR.2", AtmServiceCategory::UBR, AtmConformance::UBR_2},
    {"UBR", AtmServiceCategory::UBR, AtmConformance::UBR_1},
    {"ABR", AtmServiceCategory::ABR, AtmConformance::ABR},
    {"GFR.1", AtmServiceCategory::GFR, AtmConformance::GFR_1},
    {"GFR.2", AtmServiceCategory::GFR, AtmConformance::GFR_2},
};

/**
 * @param category a category
 * @param conformance a definition
 * @return true if the definition belongs to the category
 */
bool
Matches(AtmServiceCategory category, AtmConformance conformance)
{
    switch (category)
    {
    case AtmServiceCategory::CBR:
        return conformance == AtmConformance::CBR_1;
    case AtmServiceCategory::RT_VBR:
    case AtmServiceCategory::NRT_VBR:
        return conformance == AtmConformance::VBR_1 || conformance == AtmConformance::VBR_2 ||
               conformance == AtmConformance::VBR_3;
    case AtmServiceCategory::UBR:
        return conformance == AtmConformance::UBR_1 || conformance == AtmConformance::UBR_2;
    case AtmServiceCategory::ABR:
        return conformance == AtmConformance::ABR;
    case AtmServiceCategory::GFR:
        return conformance == AtmConformance::GFR_1 || conformance == AtmConformance::GFR_2;
    }
    return false;
}

/**
 * @param category a category
 * @return the definition a bare category gets
 */
AtmConformance
DefaultConformance(AtmServiceCategory category)
{
    switch (category)
    {
    case AtmServiceCategory::CBR:
        return AtmConformance::CBR_1;
    case AtmServiceCategory::RT_VBR:
    case AtmServiceCategory::NRT_VBR:
        return AtmConformance::VBR_1;
    case AtmServiceCategory::UBR:
        return AtmConformance::UBR_1;
    case AtmServiceCategory::ABR:
        return AtmConformance::ABR;
    case AtmServiceCategory::GFR:
        return AtmConformance::GFR_1;
    }
    return AtmConformance::UBR_1;
}

/**
 * @brief Print a Time so that TimeValue parses it back to the same value.
 * @param os the stream
 * @param t the time
 */
void
PrintTime(std::ostream& os, Time t)
{
    if (t == NanoSeconds(t.GetNanoSeconds()))
    {
        os << t.GetNanoSeconds() << "ns";
    }
    else
    {
        os << t.GetPicoSeconds() << "ps";
    }
}

/**
 * @brief Parse a Time without aborting: a finite decimal number and one of ns-3's time units (no
 *        unit: seconds), below 2^53 steps of the time resolution (104 days at ns).
 *
 * ns-3's own string conversion (Time(std::string), which TimeValue uses) aborts the program on an
 * unknown unit ("5xs"), reads a malformed number ("e", "1e") as 0 and overflows on huge values,
 * so the form is checked here first; a string that passes is converted by ns-3, with its result.
 * ns-3 converts through a double, which holds every integer only up to 2^53: within that range
 * the printout of a time (whole ns or ps, PrintTime()) reads back to the same time.
 *
 * @param text the value
 * @param t receives the time
 * @return true on success
 */
bool
ParseTime(const std::string& text, Time* t)
{
    /// ns-3's time units (time.cc, Time::Time(const std::string&)) and their length in seconds.
    static const struct
    {
        const char* unit;
        double seconds;
    } UNITS[] = {{"", 1},
                 {"s", 1},
                 {"ms", 1e-3},
                 {"us", 1e-6},
                 {"ns", 1e-9},
                 {"ps", 1e-12},
                 {"fs", 1e-15},
                 {"min", 60},
                 {"h", 3600},
                 {"d", 86400},
                 {"y", 365 * 86400.0}};

    const std::string::size_type split = text.find_first_not_of("+-0123456789.eE");
    const std::string number = text.substr(0, split);
    const std::string unit = split == std::string::npos ? "" : text.substr(split);
    char* end = nullptr;
    const double value = number.empty() ? 0 : std::strtod(number.c_str(), &end);
    if (number.empty() || end == nullptr || *end != '\0' || !std::isfinite(value))
    {
        return false;
    }
    for (const auto& u : UNITS)
    {
        if (unit == u.unit)
        {
            // Below 2^53 resolution steps (Time::Max() is 2^63 of them), and a number that
            // ns-3's fixed-point conversion holds (below 2^63, for the small units).
            if (!(std::fabs(value) < 9e18 &&
                  std::fabs(value) * u.seconds < std::ldexp(Time::Max().GetSeconds(), -10)))
            {
                return false;
            }
            TimeValue v;
            if (!v.DeserializeFromString(text, MakeTimeChecker()))
            {
                return false;
            }
            *t = v.Get();
            return true;
        }
    }
    return false;
}

/**
 * @brief Parse an unsigned 32-bit decimal.
 * @param text the value
 * @param n receives it
 * @return true on success
 */
bool
ParseUint(const std::string& text, uint32_t* n)
{
    uint64_t v = 0;
    if (!AtmReadDecimal(text, std::numeric_limits<uint32_t>::max(), &v))
    {
        return false;
    }
    *n = static_cast<uint32_t>(v);
    return true;
}

/**
 * @brief Parse a finite double.
 * @param text the value
 * @param x receives it
 * @return true on success
 */
bool
ParseDouble(const std::string& text, double* x)
{
    if (text.empty())
    {
        return false;
    }
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == nullptr || *end != '\0' || !(v == v) ||
        v == std::numeric_limits<double>::infinity() ||
        v == -std::numeric_limits<double>::infinity())
    {
        return false;
    }
    *x = v;
    return true;
}

/**
 * @brief Whether an ABR parameter set is the default one (nothing given).
 * @param a the set
 * @return true if every parameter has its default value
 */
bool
IsDefaultAbrSet(const AtmAbrParameters& a)
{
    const AtmAbrParameters d;
    return a.icr == d.icr && a.rif == d.rif && a.rdf == d.rdf && a.tbe == d.tbe &&
           a.frtt == d.frtt && a.nrm == d.nrm && a.trm == d.trm && a.adtf == d.adtf &&
           a.cdf == d.cdf;
}

} // namespace

const char*
ToString(AtmConformance conformance)
{
    switch (conformance)
    {
    case AtmConformance::CBR_1:
        return "CBR.1";
    case AtmConformance::VBR_1:
        return "VBR.1";
    case AtmConformance::VBR_2:
        return "VBR.2";
    case AtmConformance::VBR_3:
        return "VBR.3";
    case AtmConformance::UBR_1:
        return "UBR.1";
    case AtmConformance::UBR_2:
        return "UBR.2";
    case AtmConformance::ABR:
        return "ABR";
    case AtmConformance::GFR_1:
        return "GFR.1";
    case AtmConformance::GFR_2:
        return "GFR.2";
    }
    return "?";
}

std::ostream&
operator<<(std::ostream& os, AtmConformance conformance)
{
    return os << ToString(conformance);
}

AtmTrafficContract::AtmTrafficContract()
{
}

AtmTrafficContract::AtmTrafficContract(AtmServiceCategory category, AtmCellRate pcr)
    : m_category(category),
      m_conformance(DefaultConformance(category)),
      m_pcr(pcr)
{
    Check("AtmTrafficContract(" + std::string(ns3::ToString(category)) + ", PCR)");
}

AtmTrafficContract
AtmTrafficContract::Ubr(AtmCellRate pcr, AtmConformance conformance, Time cdvt)
{
    AtmTrafficContract c;
    c.m_conformance = conformance;
    c.m_pcr = pcr;
    c.m_cdvt = cdvt;
    c.Check("AtmTrafficContract::Ubr");
    return c;
}

AtmTrafficContract
AtmTrafficContract::Cbr(AtmCellRate pcr, Time cdvt)
{
    AtmTrafficContract c;
    c.m_category = AtmServiceCategory::CBR;
    c.m_conformance = AtmConformance::CBR_1;
    c.m_pcr = pcr;
    c.m_cdvt = cdvt;
    c.Check("AtmTrafficContract::Cbr");
    return c;
}

AtmTrafficContract
AtmTrafficContract::Vbr(AtmConformance conformance,
                        AtmCellRate pcr,
                        Time cdvt,
                        AtmCellRate scr,
                        uint32_t mbs,
                        bool realTime,
                        Time cdvtScr)
{
    AtmTrafficContract c;
    c.m_category = realTime ? AtmServiceCategory::RT_VBR : AtmServiceCategory::NRT_VBR;
    c.m_conformance = conformance;
    c.m_pcr = pcr;
    c.m_cdvt = cdvt;
    c.m_scr = scr;
    c.m_mbs = mbs;
    c.m_cdvtScr = cdvtScr;
    c.Check("AtmTrafficContract::Vbr");
    return c;
}

AtmTrafficContract
AtmTrafficContract::Abr(AtmCellRate pcr,
                        AtmCellRate mcr,
                        const AtmAbrParameters& parameters,
                        Time cdvt)
{
    AtmTrafficContract c;
    c.m_category = AtmServiceCategory::ABR;
    c.m_conformance = AtmConformance::ABR;
    c.m_pcr = pcr;
    c.m_cdvt = cdvt;
    c.m_mcr = mcr;
    c.m_abr = parameters;
    c.Check("AtmTrafficContract::Abr");
    return c;
}

AtmTrafficContract
AtmTrafficContract::Gfr(AtmConformance conformance,
                        AtmCellRate pcr,
                        AtmCellRate mcr,
                        uint32_t mbs,
                        uint32_t mfs,
                        Time cdvt,
                        Time cdvtMcr)
{
    AtmTrafficContract c;
    c.m_category = AtmServiceCategory::GFR;
    c.m_conformance = conformance;
    c.m_pcr = pcr;
    c.m_cdvt = cdvt;
    c.m_mcr = mcr;
    c.m_mbs = mbs;
    c.m_mfs = mfs;
    c.m_cdvtMcr = cdvtMcr;
    c.Check("AtmTrafficContract::Gfr");
    return c;
}

AtmServiceCategory
AtmTrafficContract::GetCategory() const
{
    return m_category;
}

AtmConformance
AtmTrafficContract::GetConformance() const
{
    return m_conformance;
}

AtmCellRate
AtmTrafficContract::GetPcr() const
{
    return m_pcr;
}

bool
AtmTrafficContract::HasPcr() const
{
    return !m_pcr.IsZero();
}

Time
AtmTrafficContract::GetCdvt() const
{
    return m_cdvt;
}

AtmCellRate
AtmTrafficContract::GetScr() const
{
    return m_scr;
}

uint32_t
AtmTrafficContract::GetMbs() const
{
    return m_mbs;
}

Time
AtmTrafficContract::GetCdvtScr() const
{
    return m_cdvtScr;
}

AtmCellRate
AtmTrafficContract::GetMcr() const
{
    return m_mcr;
}

Time
AtmTrafficContract::GetCdvtMcr() const
{
    return m_cdvtMcr;
}

uint32_t
AtmTrafficContract::GetMfs() const
{
    return m_mfs;
}

const AtmAbrParameters&
AtmTrafficContract::GetAbrParameters() const
{
    return m_abr;
}

bool
AtmTrafficContract::IsTaggingAllowed() const
{
    return m_conformance == AtmConformance::VBR_3 || m_conformance == AtmConformance::UBR_2 ||
           m_conformance == AtmConformance::GFR_2;
}

bool
AtmTrafficContract::IsPoliced() const
{
    return HasPcr() || !m_scr.IsZero() || m_conformance == AtmConformance::GFR_2;
}

bool
AtmTrafficContract::IsValid(std::string* error) const
{
    std::ostringstream why;
    const bool vbr =
        m_category == AtmServiceCategory::RT_VBR || m_category == AtmServiceCategory::NRT_VBR;
    const bool gfr = m_category == AtmServiceCategory::GFR;
    const bool abr = m_category == AtmServiceCategory::ABR;
    if (!Matches(m_category, m_conformance))
    {
        why << "conformance definition " << m_conformance << " does not belong to category "
            << m_category << "; use a " << m_category << " definition";
    }
    else if (m_category == AtmServiceCategory::CBR && !HasPcr())
    {
        why << "a CBR contract needs a positive PCR (PcrCellsPerSec)";
    }
    else if (vbr && !HasPcr())
    {
        why << "a VBR contract needs a positive PCR (PcrCellsPerSec)";
    }
    else if (vbr && m_scr.IsZero())
    {
        why << "a VBR contract needs a positive SCR (ScrCellsPerSec)";
    }
    else if (vbr && m_scr > m_pcr)
    {
        why << "SCR=" << m_scr << " cells/s exceeds PCR=" << m_pcr
            << " cells/s (rule SCR <= PCR); lower the SCR or raise the PCR";
    }
    else if (vbr && m_mbs < 1)
    {
        why << "MBS=" << m_mbs << " cells (rule MBS >= 1); give at least one cell";
    }
    else if (!vbr && !m_scr.IsZero())
    {
        why << "SCR is a VBR parameter; remove ScrCellsPerSec from the " << m_category
            << " contract";
    }
    else if (!vbr && !gfr && m_mbs != 0)
    {
        why << "MBS is a VBR/GFR parameter; remove MbsCells from the " << m_category << " contract";
    }
    else if ((abr || gfr) && HasPcr() && m_mcr > m_pcr)
    {
        why << "MCR=" << m_mcr << " cells/s exceeds PCR=" << m_pcr
            << " cells/s (rule MCR <= PCR); lower the MCR or raise the PCR";
    }
    else if (!abr && !gfr && !m_mcr.IsZero())
    {
        why << "MCR is an ABR/GFR parameter; remove McrCellsPerSec from the " << m_category
            << " contract";
    }
    else if (gfr && m_mfs < 1)
    {
        why << "MFS=" << m_mfs << " cells (rule MFS >= 1); give the largest frame in cells";
    }
    else if (gfr && m_mbs < m_mfs)
    {
        why << "MFS=" << m_mfs << " cells exceeds MBS=" << m_mbs
            << " cells (rule MFS <= MBS); raise the MBS to at least the MFS";
    }
    else if (!gfr && m_mfs != 0)
    {
        why << "MFS is a GFR parameter; remove MfsCells from the " << m_category << " contract";
    }
    else if (!abr && !IsDefaultAbrSet(m_abr))
    {
        why << "ICR, RIF, RDF, TBE, Nrm, Trm, Adtf, Cdf and Frtt are ABR parameters; remove them "
               "from the "
            << m_category << " contract";
    }
    else if (m_cdvt.IsStrictlyNegative() || m_cdvtScr.IsStrictlyNegative() ||
             m_cdvtMcr.IsStrictlyNegative())
    {
        why << "a CDVT is negative (Cdvt=" << m_cdvt.As(Time::US)
            << ", CdvtScr=" << m_cdvtScr.As(Time::US) << ", CdvtMcr=" << m_cdvtMcr.As(Time::US)
            << "); CDVTs are >= 0";
    }
    else if (abr && !m_abr.icr.IsZero() && m_abr.icr < m_mcr)
    {
        why << "ICR=" << m_abr.icr << " cells/s is below MCR=" << m_mcr
            << " cells/s (rule MCR <= ICR <= PCR)";
    }
    else if (abr && !m_abr.icr.IsZero() && HasPcr() && m_abr.icr > m_pcr)
    {
        why << "ICR=" << m_abr.icr << " cells/s exceeds PCR=" << m_pcr
            << " cells/s (rule MCR <= ICR <= PCR)";
    }
    else if (abr && !(m_abr.rif > 0 && m_abr.rif <= 1))
    {
        why << "RIF=" << m_abr.rif << " (rule 0 < RIF <= 1)";
    }
    else if (abr && !(m_abr.rdf > 0 && m_abr.rdf <= 1))
    {
        why << "RDF=" << m_abr.rdf << " (rule 0 < RDF <= 1)";
    }
    else if (abr && !(m_abr.cdf >= 0 && m_abr.cdf <= 1))
    {
        why << "CDF=" << m_abr.cdf << " (rule 0 <= CDF <= 1)";
    }
    else if (abr && m_abr.nrm < 2)
    {
        why << "Nrm=" << m_abr.nrm << " (rule Nrm >= 2)";
    }
    else if (abr && (m_abr.trm.IsStrictlyNegative() || m_abr.adtf.IsStrictlyNegative() ||
                     m_abr.frtt.IsStrictlyNegative()))
    {
        why << "Trm, Adtf and Frtt must be >= 0";
    }
    else
    {
        return true;
    }
    if (error)
    {
        *error = why.str();
    }
    return false;
}

void
AtmTrafficContract::Check(const std::string& where) const
{
    std::string error;
    NS_ABORT_MSG_IF(!IsValid(&error), where << ": invalid traffic contract: " << error);
}

void
AtmTrafficContract::CheckAgainstLink(const std::string& where, AtmCellRate lineRate) const
{
    Check(where);
    if (lineRate.IsZero())
    {
        return;
    }
    NS_ABORT_MSG_IF(HasPcr() && m_pcr > lineRate,
                    where << ": contract " << *this << " has a PCR above the link's cell rate "
                          << lineRate << " cells/s; lower the PCR or use a faster link");
    NS_ABORT_MSG_IF(!m_mcr.IsZero() && m_mcr > lineRate,
                    where << ": contract " << *this << " has an MCR above the link's cell rate "
                          << lineRate << " cells/s; lower the MCR or use a faster link");
}

bool
AtmTrafficContract::operator==(const AtmTrafficContract& o) const
{
    const AtmAbrParameters& a = m_abr;
    const AtmAbrParameters& b = o.m_abr;
    return m_category == o.m_category && m_conformance == o.m_conformance && m_pcr == o.m_pcr &&
           m_cdvt == o.m_cdvt && m_scr == o.m_scr && m_mbs == o.m_mbs && m_cdvtScr == o.m_cdvtScr &&
           m_mcr == o.m_mcr && m_cdvtMcr == o.m_cdvtMcr && m_mfs == o.m_mfs && a.icr == b.icr &&
           a.rif == b.rif && a.rdf == b.rdf && a.tbe == b.tbe && a.frtt == b.frtt &&
           a.nrm == b.nrm && a.trm == b.trm && a.adtf == b.adtf && a.cdf == b.cdf;
}

bool
AtmTrafficContract::operator!=(const AtmTrafficContract& o) const
{
    return !(*this == o);
}

bool
AtmTrafficContract::TryParse(const std::string& text,
                             AtmTrafficContract* contract,
                             std::string* error)
{
    std::istringstream in(text);
    std::string token;
    auto fail = [&](const std::string& why) {
        if (error)
        {
            *error = "AtmTrafficContract \"" + text + "\": " + why +
                     "; write a definition (CBR.1, VBR.1/2/3, rt-VBR.n, nrt-VBR.n, UBR.1, UBR.2, "
                     "ABR, GFR.1, GFR.2) followed by key=value pairs such as "
                     "PcrCellsPerSec=36000 Cdvt=700us ScrCellsPerSec=5208 MbsCells=30";
        }
        return false;
    };
    if (!(in >> token))
    {
        return fail("empty string");
    }
    AtmTrafficContract c;
    bool known = false;
    for (const auto& d : DEFINITION_NAMES)
    {
        if (token == d.name)
        {
            c.m_category = d.category;
            c.m_conformance = d.conformance;
            known = true;
            break;
        }
    }
    if (!known)
    {
        return fail("unknown conformance definition \"" + token + "\"");
    }
    while (in >> token)
    {
        const std::string::size_type eq = token.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == token.size())
        {
            return fail("\"" + token + "\" is not key=value");
        }
        const std::string key = token.substr(0, eq);
        const std::string value = token.substr(eq + 1);
        bool ok = true;
        std::string rateError;
        auto rate = [&](AtmCellRate* r) { ok = AtmCellRate::TryParse(value, r, &rateError); };
        if (key == "PcrCellsPerSec")
        {
            rate(&c.m_pcr);
        }
        else if (key == "ScrCellsPerSec")
        {
            rate(&c.m_scr);
        }
        else if (key == "McrCellsPerSec")
        {
            rate(&c.m_mcr);
        }
        else if (key == "IcrCellsPerSec")
        {
            rate(&c.m_abr.icr);
        }
        else if (key == "Cdvt")
        {
            ok = ParseTime(value, &c.m_cdvt);
        }
        else if (key == "CdvtScr")
        {
            ok = ParseTime(value, &c.m_cdvtScr);
        }
        else if (key == "CdvtMcr")
        {
            ok = ParseTime(value, &c.m_cdvtMcr);
        }
        else if (key == "MbsCells")
        {
            ok = ParseUint(value, &c.m_mbs);
        }
        else if (key == "MfsCells")
        {
            ok = ParseUint(value, &c.m_mfs);
        }
        else if (key == "TbeCells")
        {
            ok = ParseUint(value, &c.m_abr.tbe);
        }
        else if (key == "Nrm")
        {
            ok = ParseUint(value, &c.m_abr.nrm);
        }
        else if (key == "Rif")
        {
            ok = ParseDouble(value, &c.m_abr.rif);
        }
        else if (key == "Rdf")
        {
            ok = ParseDouble(value, &c.m_abr.rdf);
        }
        else if (key == "Cdf")
        {
            ok = ParseDouble(value, &c.m_abr.cdf);
        }
        else if (key == "Frtt")
        {
            ok = ParseTime(value, &c.m_abr.frtt);
        }
        else if (key == "Trm")
        {
            ok = ParseTime(value, &c.m_abr.trm);
        }
        else if (key == "Adtf")
        {
            ok = ParseTime(value, &c.m_abr.adtf);
        }
        else
        {
            return fail("unknown key \"" + key + "\"");
        }
        if (!ok)
        {
            return fail("invalid value for " + key + ": \"" + value + "\"" +
                        (rateError.empty() ? "" : " (" + rateError + ")"));
        }
    }
    std::string why;
    if (!c.IsValid(&why))
    {
        return fail(why);
    }
    if (contract)
    {
        *contract = c;
    }
    return true;
}

AtmTrafficContract
AtmTrafficContract::Parse(const std::string& text)
{
    AtmTrafficContract c;
    std::string error;
    NS_ABORT_MSG_IF(!TryParse(text, &c, &error), error);
    return c;
}

std::ostream&
operator<<(std::ostream& os, const AtmTrafficContract& c)
{
    const char* name = ToString(c.GetConformance());
    std::string def = name;
    if (c.GetCategory() == AtmServiceCategory::RT_VBR)
    {
        def = std::string("rt-") + name;
    }
    os << def;
    const AtmAbrParameters abrDefaults;
    if (c.HasPcr())
    {
        os << " PcrCellsPerSec=" << c.GetPcr();
    }
    if (!c.GetCdvt().IsZero())
    {
        os << " Cdvt=";
        PrintTime(os, c.GetCdvt());
    }
    if (!c.GetScr().IsZero())
    {
        os << " ScrCellsPerSec=" << c.GetScr();
    }
    if (c.GetMbs() != 0)
    {
        os << " MbsCells=" << c.GetMbs();
    }
    if (!c.GetCdvtScr().IsZero())
    {
        os << " CdvtScr=";
        PrintTime(os, c.GetCdvtScr());
    }
    if (!c.GetMcr().IsZero())
    {
        os << " McrCellsPerSec=" << c.GetMcr();
    }
    if (!c.GetCdvtMcr().IsZero())
    {
        os << " CdvtMcr=";
        PrintTime(os, c.GetCdvtMcr());
    }
    if (c.GetMfs() != 0)
    {
        os << " MfsCells=" << c.GetMfs();
    }
    if (c.GetCategory() == AtmServiceCategory::ABR)
    {
        const AtmAbrParameters& a = c.GetAbrParameters();
        std::ostringstream d;
        d.precision(17);
        if (!a.icr.IsZero())
        {
            d << " IcrCellsPerSec=" << a.icr;
        }
        if (a.rif != abrDefaults.rif)
        {
            d << " Rif=" << a.rif;
        }
        if (a.rdf != abrDefaults.rdf)
        {
            d << " Rdf=" << a.rdf;
        }
        if (a.tbe != abrDefaults.tbe)
        {
            d << " TbeCells=" << a.tbe;
        }
        if (a.nrm != abrDefaults.nrm)
        {
            d << " Nrm=" << a.nrm;
        }
        if (a.cdf != abrDefaults.cdf)
        {
            d << " Cdf=" << a.cdf;
        }
        os << d.str();
        if (a.frtt != abrDefaults.frtt)
        {
            os << " Frtt=";
            PrintTime(os, a.frtt);
        }
        if (a.trm != abrDefaults.trm)
        {
            os << " Trm=";
            PrintTime(os, a.trm);
        }
        if (a.adtf != abrDefaults.adtf)
        {
            os << " Adtf=";
            PrintTime(os, a.adtf);
        }
    }
    return os;
}

std::istream&
operator>>(std::istream& is, AtmTrafficContract& contract)
{
    std::string text;
    std::getline(is, text);
    AtmTrafficContract c;
    if (AtmTrafficContract::TryParse(text, &c, nullptr))
    {
        contract = c;
    }
    else
    {
        is.setstate(std::ios::failbit);
    }
    return is;
}

} // namespace ns3
