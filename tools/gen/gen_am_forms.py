#!/usr/bin/env python3
"""Generates the numbered Active Message forms (gex_AM_RequestShort0..16 and friends) of
include/gasnetex.h: each is a static inline function that packs its handler arguments into an
array and calls the library entry point gexi_AM_<form> (docs/internals.md).

Usage: tools/gen/gen_am_forms.py [path/to/gasnetex.h]   (rewrites the text between the markers)
       tools/gen/gen_am_forms.py --check [path]          (exit 1 if the header is stale)
"""
import pathlib
import sys

MAX_ARGS = 16
BEGIN = "/* BEGIN GENERATED AM FORMS (tools/gen/gen_am_forms.py; edit the script, not this text) */"
END = "/* END GENERATED AM FORMS */"

# (form, return type, fixed parameters as (type, name))
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
    ("CommitRequestMedium", "void", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"),
                                     ("size_t", "nbytes")]),
    ("CommitReplyMedium", "void", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"),
                                   ("size_t", "nbytes")]),
    ("CommitRequestLong", "void", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"),
                                   ("size_t", "nbytes"), ("void *", "dest_addr")]),
    ("CommitReplyLong", "void", [("gex_AM_SrcDesc_t", "sd"), ("gex_AM_Index_t", "handler"),
                                 ("size_t", "nbytes"), ("void *", "dest_addr")]),
]


def param(t, n):
    return f"{t}{n}" if t.endswith("*") else f"{t} {n}"


def one(form, ret, fixed, m):
    params = [param(t, n) for t, n in fixed] + [f"gex_AM_Arg_t arg{i}" for i in range(m)]
    call_args = ", ".join(n for _, n in fixed)
    lines = [f"static inline {ret} gex_AM_{form}{m}({', '.join(params)}) {{"]
    if m:
        lines.append(f"  const gex_AM_Arg_t gexi_args[{m}] = {{{', '.join(f'arg{i}' for i in range(m))}}};")
        tail = f"{m}, gexi_args"
    else:
        tail = "0, NULL"
    ret_kw = "return " if ret != "void" else ""
    lines.append(f"  {ret_kw}gexi_AM_{form}({call_args}, {tail});")
    lines.append("}")
    return "\n".join(lines)


def generate():
    out = [BEGIN]
    for form, ret, fixed in FORMS:
        for m in range(MAX_ARGS + 1):
            out.append(one(form, ret, fixed, m))
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
