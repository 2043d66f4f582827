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
]

# A list of Python examples to run in order to ensure that they remain
# runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run).
#
# See test.py for more information.
python_examples = []
