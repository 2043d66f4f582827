# SPDX-License-Identifier: GPL-2.0-only
#
# Sphinx configuration of the atm module's manual. Build it (warnings are errors) with
#
#   sphinx-build -W --keep-going -b html doc build/doc/html
#
# from the repository root; utils/atm-common.sh (atm_check_doc) runs exactly this in the test
# command. Debian: apt-get install python3-sphinx.
#
# The validation chapter shows the figures of the validation runner (utils/atm-validation) when
# they exist: the directive ``atm-validation-figures`` below looks for <target>.png in
# $ATM_VALIDATION_FIGURES, by default build/validation/figures/ (written by
# `bash utils/quickstart main`), and prints a note instead of a figure that is not there, so
# the manual builds with or without them.

import os
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList

project = "atm: cell-level ATM for ns-3"
author = "the atm module's authors"
copyright = "the atm module's authors, GPL-2.0-only"

_root = Path(__file__).resolve().parent.parent
_version_file = _root / "VERSION"
release = _version_file.read_text().strip() if _version_file.exists() else ""
version = release

root_doc = "index"
master_doc = "index"  # Sphinx < 4
extensions = ["sphinx.ext.mathjax"]
source_suffix = {".rst": "restructuredtext"}
# buffer-policies/*.rst are included into atm-design.rst (one per policy), not pages of their own.
exclude_patterns = ["buffer-policies/*.rst", "_build", "Thumbs.db", ".DS_Store"]
highlight_language = "cpp"
pygments_style = "sphinx"
html_theme = "alabaster"
html_title = "atm: cell-level ATM for ns-3"
html_show_sourcelink = False
html_theme_options = {"page_width": "1180px", "body_max_width": "none"}
# Cross-references are :ref: labels or :doc: names; a broken one is a warning, hence an error.
nitpicky = False

# ---- validation figures ----------------------------------------------------------------------

FIGURES = Path(os.environ.get("ATM_VALIDATION_FIGURES", _root / "build" / "validation" / "figures"))


class ValidationFigures(Directive):
    """``.. atm-validation-figures:: TARGET [TARGET ...]``: one figure per validation target
    whose PNG (the target id in lower case, as utils/atmval/report.py names it) exists in
    FIGURES; a short note naming the command that draws the missing ones."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self):
        env = self.state.document.settings.env
        srcdir = Path(env.srcdir)
        found, missing = [], []
        for target in self.arguments[0].split():
            png = FIGURES / (target.lower() + ".png")
            (found if png.is_file() else missing).append((target, png))
        lines = []
        for target, png in found:
            env.note_dependency(str(png))
            rel = os.path.relpath(png, srcdir).replace(os.sep, "/")
            lines += [f".. figure:: /{rel}", "   :width: 90%", "",
                      f"   {target}: published values and the simulation, as the validation "
                      "runner drew them.", ""]
        if missing:
            names = ", ".join(f"``{t.lower()}.png``" for t, _ in missing)
            lines += [f"*Figure not in this build:* {names}. Run ``bash utils/quickstart main`` "
                      "(quick set) or ``bash utils/quickstart main --set full`` (full set) "
                      "and rebuild the manual: the runner writes the figures to "
                      "``build/validation/figures/`` (``ATM_VALIDATION_FIGURES`` names another "
                      "directory).", ""]
        container = nodes.container(classes=["atm-validation-figures"])
        self.state.nested_parse(StringList(lines, source="atm-validation-figures"),
                                self.content_offset, container)
        return [container]


def setup(app):
    app.add_directive("atm-validation-figures", ValidationFigures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
