#!/usr/bin/env python3
"""Generates the GASNet-1 numbered AM forms of include/gasnet.h (between the BEGIN/END markers).

Each gasnet_AM{Request,Reply}{Short,Medium,Long}N and gasnet_AMRequestLongAsyncN is a static
inline function onto the matching gex_AM_*N form: requests go over the legacy team
(gexi_legacy_tm, the primordial team), with local completion before return (GEX_EVENT_NOW).
The count-inferring forms (gasnet_AMRequestShort(dest, handler, ...) and friends) pick the
numbered form; their last fixed parameter travels inside `...`, so a call with no handler
arguments never leaves `...` empty (ISO C99/C++17 require one).
Usage: tools/gen/gen_gasnet1_am.py include/gasnet.h           (rewrites the file in place)
       tools/gen/gen_gasnet1_am.py --check include/gasnet.h   (exit 1 if the header is stale)
"""
import sys

BEGIN = "/* BEGIN GENERATED GASNET-1 AM FORMS (tools/gen/gen_gasnet1_am.py; edit the script, not this text) */\n"
END = "/* END GENERATED GASNET-1 AM FORMS */\n"

FORMS = [
    # name, gex form, leading params, leading gex args
    ("AMRequestShort", "gex_AM_RequestShort",
     "gasnet_node_t dest, gasnet_handler_t handler", "gexi_legacy_tm, dest, handler, 0"),
    ("AMRequestMedium", "gex_AM_RequestMedium",
     "gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes",
     "gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0"),
    ("AMRequestLong", "gex_AM_RequestLong",
     "gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr",
     "gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0"),
    # The source may be reused once the call returns here too (stronger than GASNet-1 requires).
    ("AMRequestLongAsync", "gex_AM_RequestLong",
     "gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr",
     "gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0"),
    ("AMReplyShort", "gex_AM_ReplyShort",
     "gasnet_token_t token, gasnet_handler_t handler", "token, handler, 0"),
    ("AMReplyMedium", "gex_AM_ReplyMedium",
     "gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes",
     "token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0"),
    ("AMReplyLong", "gex_AM_ReplyLong",
     "gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr",
     "token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0"),
]


def param_names(params):
    return [p.split()[-1].lstrip("*") for p in params.split(", ")]


def count_inferring(name, params):
    names = param_names(params)
    fixed, folded = names[:-1], names[-1]
    head = ", ".join(fixed)
    return (f"#define gasnet_{name}({head}, ...) \\\n"
            f"  GEXI_AM_CAT(gasnet_{name}, GEXI_AM_NARGS(__VA_ARGS__))({head}, __VA_ARGS__)\n")


def generate():
    out = []
    for name, gex, params, gexargs in FORMS:
        for n in range(17):
            p = params + "".join(f", gasnet_handlerarg_t a{i}" for i in range(n))
            a = gexargs + "".join(f", a{i}" for i in range(n))
            out.append(f"static inline int gasnet_{name}{n}({p}) {{\n  return {gex}{n}({a}) ? GASNET_ERR_RESOURCE : GASNET_OK;\n}}\n")
    for name, _, params, _ in FORMS:
        out.append(count_inferring(name, params))
    return "".join(out)


def main():
    check = "--check" in sys.argv[1:]
    path = [a for a in sys.argv[1:] if a != "--check"][0]
    text = open(path).read()
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    new = text[:start] + generate() + text[end:]
    if check:
        if new != text:
            print(f"{path}: generated GASNet-1 AM forms are stale; run {sys.argv[0]}", file=sys.stderr)
            sys.exit(1)
        return
    if new != text:
        open(path, "w").write(new)


if __name__ == "__main__":
    main()
