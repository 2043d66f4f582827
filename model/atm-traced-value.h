/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRACED_VALUE_H
#define ATM_TRACED_VALUE_H

#include "ns3/callback.h"
#include "ns3/traced-callback.h"

#include <string>

/**
 * @file
 * @ingroup atm
 * ns3::AtmTracedValue: a traced value that can tell whether a sink is connected.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A value whose changes fire a trace source, like ns3::TracedValue (same sink signature,
 *        (old value, new value), fired only when the value changes, before it is stored), that
 *        can also tell whether any sink is connected (IsEmpty()).
 *
 * A port whose occupancy nobody traces may run its slots in batches
 * (AtmCellTransmitter::SetDeferral); one whose occupancy a sink follows must run each slot at
 * its instant, so that the sink reads the right Simulator::Now(). ns3::TracedValue does not
 * expose that information; this class does, and is registered with MakeTraceSourceAccessor()
 * as a TracedValue is.
 *
 * @tparam T the value type (copyable, comparable)
 */
template <typename T>
class AtmTracedValue
{
  public:
    /// A zero (value-initialised) value.
    AtmTracedValue()
        : m_v()
    {
    }

    /**
     * @param v the initial value
     */
    explicit AtmTracedValue(const T& v)
        : m_v(v)
    {
    }

    /**
     * @brief Set the value; fires the trace source if it changes.
     * @param v the new value
     * @return this
     */
    AtmTracedValue& operator=(const T& v)
    {
        if (m_v != v)
        {
            m_cb(m_v, v);
            m_v = v;
        }
        return *this;
    }

    /// @return the value
    T Get() const
    {
        return m_v;
    }

    /// @return the value
    operator T() const
    {
        return m_v;
    }

    /// @return true if no sink is connected
    bool IsEmpty() const
    {
        return m_cb.IsEmpty();
    }

    /**
     * @brief Connect a sink (for MakeTraceSourceAccessor()).
     * @param cb the sink
     */
    void ConnectWithoutContext(const CallbackBase& cb)
    {
        m_cb.ConnectWithoutContext(cb);
    }

    /**
     * @brief Connect a sink with a context (for MakeTraceSourceAccessor()).
     * @param cb the sink
     * @param path the context
     */
    void Connect(const CallbackBase& cb, std::string path)
    {
        m_cb.Connect(cb, path);
    }

    /**
     * @brief Disconnect a sink (for MakeTraceSourceAccessor()).
     * @param cb the sink
     */
    void DisconnectWithoutContext(const CallbackBase& cb)
    {
        m_cb.DisconnectWithoutContext(cb);
    }

    /**
     * @brief Disconnect a sink with a context (for MakeTraceSourceAccessor()).
     * @param cb the sink
     * @param path the context
     */
    void Disconnect(const CallbackBase& cb, std::string path)
    {
        m_cb.Disconnect(cb, path);
    }

  private:
    T m_v;                     //!< the value
    TracedCallback<T, T> m_cb; //!< the sinks
};

} // namespace ns3

#endif // ATM_TRACED_VALUE_H
