# SPDX-License-Identifier: GPL-2.0-only
"""Validation runner of the atm module: runs the reproduction targets, stores every run in
SQLite, draws the figures and writes the markdown report (see utils/atm-validation --help)."""
