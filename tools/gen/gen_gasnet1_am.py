#!/usr/bin/env python3
"""Generates the GASNet-1 numbered AM forms of include/gasnet.h (between the BEGIN/END markers).

Each gasnet_AM{Request,Reply}{Short,Medium,Long}N and gasnet_AMRequestLongAsyncN is a static
inline function onto the matching gex_AM_*N form: requests go over the legacy team
(gexi_legacy_tm, the primordial team), with local completion before return (GEX_EVENT_NOW).
Usage: tools/gen/gen_gasnet1_am.py include/gasnet.h   (rewrites the file in place)
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


def generate():
    out = []
    for name, gex, params, gexargs in FORMS:
        for n in range(17):
            p = params + "".join(f", gasnet_handlerarg_t a{i}" for i in range(n))
            a = gexargs + "".join(f", a{i}" for i in range(n))
            out.append(f"static inline int gasnet_{name}{n}({p}) {{\n  return {gex}{n}({a}) ? GASNET_ERR_RESOURCE : GASNET_OK;\n}}\n")
    return "".join(out)


def main():
    path = sys.argv[1]
    text = open(path).read()
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    open(path, "w").write(text[:start] + generate() + text[end:])


if __name__ == "__main__":
    main()
