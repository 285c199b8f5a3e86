#!/usr/bin/env python3
"""Generates the numbered Active Message forms (gex_AM_RequestShort0..16 and friends, the NPAM
Commits and their _v2 forms) of include/gasnetex.h: each is a static inline function that packs
its handler arguments into an array and calls the library entry point gexi_AM_<form>
(docs/internals.md).

Usage: tools/gen/gen_am_forms.py [path/to/gasnetex.h]   (rewrites the text between the markers)
       tools/gen/gen_am_forms.py --check [path]          (exit 1 if the header is stale)
"""
import pathlib
import sys

MAX_ARGS = 16
BEGIN = "/* BEGIN GENERATED AM FORMS (tools/gen/gen_am_forms.py; edit the script, not this text) */"
END = "/* END GENERATED AM FORMS */"

# (form, return type, fixed parameters as (type, name)); the library entry point gexi_AM_<form>
# takes the fixed parameters, then the argument count and array.
FORMS = [
    ("RequestShort", "int", [("gex_TM_t", "tm"), ("gex_Rank_t", "rank"), ("gex_AM_Index_t", "handler"),
                             ("gex_Flags_t", "flags")]),
    ("ReplyShort", "int", [("gex_Token_t", "token"), ("gex_AM_Index_t", "handler"), ("gex_Flags_t", "flags")]),
    ("RequestMedium", "int", [("gex_TM_t", "tm"), ("gex_Rank_t", "rank"), ("gex_AM_Index_t", "handler"),
                              ("const void *", "source_addr"), ("size_t", "nbytes"),
                              ("gex_Event_t *", "lc_opt"), ("gex_Flags_t", "flags")]),
    ("ReplyMedium", "int", [("gex_Token_t", "token"), ("gex_AM_Index_t", "handler"),
                            ("const void *", "source_addr"), ("size_t", "nbytes"),
                            ("gex_Event_t *", "lc_opt"), ("gex_Flags_t", "flags")]),
    ("RequestLong", "int", [("gex_TM_t", "tm"), ("gex_Rank_t", "rank"), ("gex_AM_Index_t", "handler"),
                            ("const void *", "source_addr"), ("size_t", "nbytes"), ("void *", "dest_addr"),
                            ("gex_Event_t *", "lc_opt"), ("gex_Flags_t", "flags")]),
    ("ReplyLong", "int", [("gex_Token_t", "token"), ("gex_AM_Index_t", "handler"),
                          ("const void *", "source_addr"), ("size_t", "nbytes"), ("void *", "dest_addr"),
                          ("gex_Event_t *", "lc_opt"), ("gex_Flags_t", "flags")]),
]

# Negotiated-payload Commits: (form, fixed parameters). Each has two public forms: gex_AM_<form>M
# (void, commit_flags 0) and gex_AM_<form>M_v2 (int, commit_flags after the fixed parameters,
# spec v0.19). Both call gexi_AM_<form>(fixed..., commit_flags, M, args), which returns non-zero
# only for an IMMEDIATE no-op.
COMMITS = [
    ("CommitRequestMedium", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"), ("size_t", "nbytes")]),
    ("CommitReplyMedium", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"), ("size_t", "nbytes")]),
    ("CommitRequestLong", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"), ("size_t", "nbytes"),
                           ("void *", "dest_addr")]),
    ("CommitReplyLong", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"), ("size_t", "nbytes"),
                         ("void *", "dest_addr")]),
]


def param(t, n):
    return f"{t}{n}" if t.endswith("*") else f"{t} {n}"


def one(name, ret, params, entry, call_args, m):
    """static inline <ret> <name>(<params>, arg0..argM-1) calling <entry>(<call_args>, M, args)."""
    params = [param(t, n) for t, n in params] + [f"gex_AM_Arg_t arg{i}" for i in range(m)]
    lines = [f"static inline {ret} {name}({', '.join(params)}) {{"]
    if m:
        lines.append(f"  const gex_AM_Arg_t gexi_args[{m}] = {{{', '.join(f'arg{i}' for i in range(m))}}};")
        tail = f"{m}, gexi_args"
    else:
        tail = "0, NULL"
    if ret == "void":
        lines.append(f"  (void){entry}({', '.join(call_args)}, {tail});")
    else:
        lines.append(f"  return {entry}({', '.join(call_args)}, {tail});")
    lines.append("}")
    return "\n".join(lines)


def generate():
    out = [BEGIN]
    for form, ret, fixed in FORMS:
        names = [n for _, n in fixed]
        for m in range(MAX_ARGS + 1):
            out.append(one(f"gex_AM_{form}{m}", ret, fixed, f"gexi_AM_{form}", names, m))
    for form, fixed in COMMITS:
        names = [n for _, n in fixed]
        for m in range(MAX_ARGS + 1):
            out.append(one(f"gex_AM_{form}{m}", "void", fixed, f"gexi_AM_{form}", names + ["0"], m))
        for m in range(MAX_ARGS + 1):
            out.append(one(f"gex_AM_{form}{m}_v2", "int", fixed + [("gex_Flags_t", "commit_flags")],
                           f"gexi_AM_{form}", names + ["commit_flags"], m))
    out.append(END)
    return "\n".join(out)


def main(argv):
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"]
    path = pathlib.Path(paths[0]) if paths else pathlib.Path(__file__).resolve().parents[2] / "include" / "gasnetex.h"
    text = path.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    new = text[:start] + generate() + text[end:]
    if check:
        if new != text:
            print(f"{path}: generated AM forms are stale; run {sys.argv[0]}", file=sys.stderr)
            return 1
        return 0
    if new != text:
        path.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
