/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-gfr-shaper-command-line.h"

#include "atm-command-line.h"
#include "atm-pvc-helper.h"

#include "ns3/double.h"
#include "ns3/uinteger.h"

namespace ns3
{

void
AtmGfrShaperCommandLine::AddOptions(AtmCommandLine& options,
                                    const std::string& what,
                                    const std::string& minThDefault)
{
    options.AddChoice("shaper",
                      "shaper of " + what + ": none, or gfr (BON's simple GFR shaper)",
                      m_name,
                      {"none", "gfr"});
    options.AddValue("shaperBufferCells",
                     "the GFR shaper's buffer, cells (EPD beyond)",
                     m_bufferCells,
                     1,
                     4000000);
    options.AddValue("shaperMinTh",
                     "Min_th of the GFR shaper, cells",
                     m_minTh,
                     0,
                     4000000,
                     minThDefault);
    options.AddValue("shaperMaxTh", "Max_th of the GFR shaper, cells", m_maxTh, 1, 4000000);
    options.AddValue("shaperPeriod",
                     "T of the GFR shaper, its arrival-rate window",
                     m_period,
                     MicroSeconds(1),
                     Seconds(100));
    options.AddValue("shaperWq", "wq of the GFR shaper's arrival-rate filter", m_wq, 0.0, 1.0);
}

void
AtmGfrShaperCommandLine::CheckOptions(const AtmCommandLine& options,
                                      bool gfr,
                                      const std::string& gfrOption) const
{
    options.Require(m_minTh < m_maxTh, "shaperMinTh", "a value below --shaperMaxTh");
    options.Require(m_name == "none" || gfr,
                    "shaper",
                    gfrOption + " (the GFR shaper shapes to a GFR contract's MCR)");
}

bool
AtmGfrShaperCommandLine::IsEnabled() const
{
    return m_name == "gfr";
}

const std::string&
AtmGfrShaperCommandLine::GetName() const
{
    return m_name;
}

uint32_t
AtmGfrShaperCommandLine::GetMinThreshold() const
{
    return m_minTh;
}

void
AtmGfrShaperCommandLine::SetMinThreshold(const AtmCommandLine& options,
                                         uint32_t cells,
                                         const std::string& from)
{
    m_minTh = cells;
    options.Require(m_minTh < m_maxTh,
                    from,
                    "a value below --shaperMaxTh (" + std::to_string(m_maxTh) +
                        ") with --shaper=gfr, whose Min_th it sets; or give --shaperMinTh");
}

void
AtmGfrShaperCommandLine::Apply(AtmPvcHelper& pvc) const
{
    if (!IsEnabled())
    {
        return;
    }
    pvc.SetShaping(true);
    pvc.SetShaper("gfr");
    pvc.SetShaperAttribute("BufferCells", UintegerValue(m_bufferCells));
    pvc.SetShaperAttribute("MinThresholdCells", UintegerValue(m_minTh));
    pvc.SetShaperAttribute("MaxThresholdCells", UintegerValue(m_maxTh));
    pvc.SetShaperAttribute("AcrInterval", TimeValue(m_period));
    pvc.SetShaperAttribute("AcrWeight", DoubleValue(m_wq));
}

} // namespace ns3
