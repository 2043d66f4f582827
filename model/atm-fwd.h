/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FWD_H
#define ATM_FWD_H

/**
 * @file
 * @ingroup atm
 * Forward declarations of the atm module's classes, for headers that only name them (in Ptr<>,
 * references and pointers), as ns-3's queue-fwd.h does for Queue: a header that includes this
 * instead of the classes' own headers keeps what its users compile small. A .cc that uses a
 * class includes that class's header.
 */

namespace ns3
{

class Aal5Frame;
class Aal5Reassembler;
class Aal5Sender;
class AtmBufferPolicy;
class AtmCac;
class AtmCellScheduler;
class AtmCellTransmitter;
class AtmChannel;
class AtmCreditFlowControl;
class AtmDevice;
class AtmHostCpu;
class AtmNetDevice;
class AtmOutputPort;
class AtmPolicer;
class AtmPortGate;
class AtmShaper;
class AtmShapingGate;
class AtmSwitch;
class AtmSwitchPort;

} // namespace ns3

#endif // ATM_FWD_H
