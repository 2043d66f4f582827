#! /usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information.
cpp_examples = [
    ("atm-aal5-demo", "True", "True"),
    ("atm-aal5-demo --encapsulation=VcMux --ipBytes=1500", "True", "True"),
    ("atm-aal5-demo --dropCell=0", "True", "True"),
    ("atm-first --duration=0.2 --pcap=false --ascii=false", "True", "False"),
    ("atm-first --duration=1 --trunkRate=E3 --bufferCells=200 --pcap=false --ascii=false", "True", "False"),
    ("atm-first --duration=1 --trunkRate=E3 --bufferCells=300 --policy=epd --pcap=false --ascii=false", "True", "False"),
    ("atm-first --duration=1 --trunkRate=E3 --bufferCells=300 --credits=200 --pcap=false --ascii=false", "True", "False"),
    ("atm-n-source --duration=0.2s", "True", "False"),
    ("atm-n-source --nSources=15 --policy=sd --tcp=reno --delays=wan --window=600000 --bufferCells=12000 --duration=0.3s", "True", "False"),
    ("atm-n-source --source=sandia --nSources=6 --linkRate=Sandia --delays=sandia --tcp=reno --mss=8152 --window=65536 --hostDelay=300us --credits=5 --bufferCells=100000 --firstMss=64 --duration=0.2s", "True", "False"),
    ("atm-n-source --nSources=5 --policy=sd --bufferCells=1000 --vbrOnTime=50ms --gr=0.1 --duration=0.2s", "True", "False"),
    ("atm-n-source --nSources=15 --delays=leo --bufferCells=750 --policy=sd --tcp=sack --mss=9180 --window=600000 --tickPhase=random --duration=0.5s", "True", "False"),
    ("atm-n-source --source=sandia --nSources=6 --linkRate=Sandia --delays=sandia --tcp=vanilla --mss=8152 --window=65536 --perVcQueues=1 --policy=drop-whole --perVcBufferCells=256 --bufferCells=1536 --duration=0.2s", "True", "False"),
    ("atm-n-source --nSources=6 --delays=wan --bufferCells=48000 --policy=vc-threshold --vcThresholds=300,300,600,600,900,900 --tcp=sack --source=jain --mss=1024 --window=600000 --duration=0.5s", "True", "False"),
    ("atm-cbr-window --duration=1s", "True", "False"),
    ("atm-cbr-window --vp --pcr=61000 --cdvt=187.5us --rtt=31ms --window=49152 --mtu=9188 --shaping=false --spacing=15.97us --gap=52us --source=bon-default --duration=2s", "True", "False"),
    ("atm-cbr-window --vp --pcr=61000 --cdvt=187.5us --mtu=9188 --shaping=false --duration=1s", "True", "False"),
    ("atm-cbr-window --pcr=10Mbps@payload --trunkRate=DS3 --rtt=100ms --window=4096 --mss=4096 --mtu=9188 --source=crc --delayedAck=0 --maxBytes=40960 --duration=5s", "True", "False"),
    ("atm-vbr-police --shaperRate=2400 --duration=1s", "True", "False"),
    ("atm-vbr-police --shaperRate=6000 --shaperScr=2000 --shaperMbs=192 --mbs=192 --action=tag --shaperConvention=payload384 --duration=1s", "True", "False"),
    ("atm-vbr-police --accessRate=OC3cRaw --trunkRate=OC3cRaw --pcr=OC3cRaw --cdvt=0 --scr=10Mbps --mbs=1000 --mtu=9188 --gap=376us --window=49152 --rtt=1.8ms --maxBytes=1048576 --startJitter=500ms --duration=5s", "True", "False"),
    ("atm-vp-split --case=A --k=2 --duration=3s", "True", "False"),
    ("atm-vp-split --case=B --k=2 --k1=1 --duration=3s", "True", "False"),
    ("atm-vp-split --k1=0 --vcPcr=36000 --shaperTolerance=3us --k=1 --kr=1 --duration=3s", "True", "False"),
    ("atm-faults --maxBytes=1000000", "True", "False"),
    ("atm-faults --clr=1e-4 --ber=1e-6 --maxBytes=1000000", "True", "False"),
    ("atm-faults --downAt=20ms --downFor=200ms --maxBytes=1000000", "True", "False"),
    ("atm-gfr-workstation --duration=0.5s --tagging", "True", "False"),
    ("atm-gfr-workstation --duration=0.5s --policy=per-vc-threshold --scheduler=vs-queue --gfr=1 --window=32768 --transferBytes=1000000", "True", "False"),
    ("atm-gfr-workstation --duration=0.5s --service=ubr --egressAtMcr --policy=epd --tcp=sack --transferBytes=1000000", "True", "False"),
    ("atm-gfr-workstation --duration=0.5s --shaper=gfr --tagging --tcp=fast --background=3", "True", "False"),
    ("atm-gfr-workstation --duration=0.5s --policy=tba --gfr=1 --scheduler=ru --uniDelay=2.5ms --nniDelay=10ms --window=563200", "True", "False"),
    ("atm-abr-routers --duration=1s --warmup=0.5s", "True", "False"),
    ("atm-n-source --service=abr --nSources=3 --delays=wan --bufferCells=20000 --duration=1s", "True", "False"),
    ("atm-abr-routers --duration=1s --warmup=0.5s --erica=erica --mFactor=1.5 --misbehaving=4 --sourcesPerRouter=4 --nrm=16", "True", "False"),
    ("atm-abr-vsvd --nSources=2 --duration=0.5s", "True", "False"),
    ("atm-abr-vsvd --nSources=2 --duration=0.5s --vsvd=true --abrSwitch=erica", "True", "False"),
    ("atm-spims --transactions=5", "True", "False"),
    ("atm-spims --mode=bulk_get --requestBytes=70000 --transactions=20 --runs=2", "True", "False"),
    ("atm-spims --mode=bulk_put --requestBytes=9000 --transactions=10 --rtt=2ms --pcr=OC3c --trunkRate=OC3c", "True", "False"),
    ("atm-bundle --connections=3 --count=5", "True", "False"),
    ("atm-bundle --connections=4 --mix=bidir-small --count=5", "True", "False"),
    ("atm-bundle --connections=3 --mix=intensive --count=5 --hostCpu=300us", "True", "False"),
    ("atm-bundle --connections=3 --mix=rr-bulk --count=3 --window=51200", "True", "False"),
    ("atm-bundle --connections=3 --count=5 --vcs=each", "True", "False"),
    ("atm-bundle --connections=4 --count=5 --vcs=vp --mix=bidir", "True", "False"),
    ("atm-udp --pcr=24000 --size=1024 --duration=0.5s", "True", "False"),
    ("atm-udp --vpRate=2Mbps@payload --cdvt=400us --contract=ubr --size=101 --interval=50ms --datagrams=5", "True", "False"),
    ("atm-udp --vpRate=2Mbps@payload --cdvt=400us --contract=ubr --size=9152 --interval=50ms --datagrams=5 --vpShaping", "True", "False"),
    ("atm-www --clients=5 --duration=12s", "True", "False"),
    ("atm-www --clients=3 --delay=geo --tcp=newreno --policy=epd --bufferRtt=0.5 --duration=12s", "True", "False"),
    ("atm-cdv --cells=2000", "True", "False"),
    ("atm-cdv --path=short --rate=1.6 --cells=2000 --queues=class", "True", "False"),
    ("atm-cdv --crossLoad=0 --cells=500 --sourceJitter=5us", "True", "False"),
    ("atm-anova --demo=memory-cache", "True", "True"),
    ("atm-anova --demo=tcp-drop-buffer", "True", "True"),
    ("atm-anova --demo=tcp-drop-buffer --order=1 --confidence=0.95", "True", "True"),
    ("atm-router-bundle --duration=0.5s", "True", "False"),
    ("atm-router-bundle --duration=0.5s --service=gfr2 --policy=double-epd --lbo=2000", "True", "False"),
    ("atm-router-bundle --duration=0.5s --service=vbr3 --policy=pbs --mbs=100", "True", "False"),
    ("atm-router-bundle --duration=0.5s --egressAtMcr --hbo=12000", "True", "False"),
    ("atm-router-bundle --duration=0.5s --topology=mixed", "True", "False"),
    ("atm-router-bundle --duration=0.5s --topology=ten --sourcesPerRouter=4 --shaper=gfr --service=gfr1", "True", "False"),
    ("atm-router-bundle --duration=0.5s --topology=jain-dfba", "True", "False"),
    ("atm-router-bundle --duration=0.5s --topology=mixed --sourcesPerRouter=2 --shaper=gfr --shapedPairs=gfr2", "True", "False"),
    ("atm-scheduler-share --duration=50ms --warmup=10ms", "True", "False"),
    ("atm-scheduler-share --sources=4 --weights=100000,0,0,200000 --scheduler=ru --policy=vc-tail --schedulerAttributes=Grouping=ByWeight,ClampRToRealTime=true --duration=50ms --warmup=10ms", "True", "False"),
    ("atm-scheduler-share --sources=3 --weights=20000,40000,60000 --pduCells=1,32,5 --scheduler=vs-queue --policy=vc-tail --duration=50ms --warmup=10ms", "True", "False"),
    ("atm-scheduler-share --sources=2 --weights=50000,100000 --pduCells=32 --policy=static-pdu --reserveCells=800 --scheduler=fifo --duration=50ms --warmup=10ms", "True", "False"),
]

# A list of Python examples to run in order to ensure that they remain
# runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run).
#
# See test.py for more information.
python_examples = []
