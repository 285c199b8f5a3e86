/* gasnet_fwd.h: GASNet's "types and constants only" subset of gasnetex.h (gex_Rank_t,
 * gex_Event_t, GEX_RANK_INVALID, gex_OP_t and the GEX_OP_* values, ...), which clients such as
 * UPC++ include where they need those names and nothing else.
 *
 * libgex provides it as gasnetex.h itself: every name keeps exactly gasnetex.h's definition (one
 * place defines each value), at the cost of also declaring the functions. Define the thread mode
 * (GASNET_SEQ/PARSYNC/PAR) first, as for gasnetex.h.
 */
#ifndef _GEX_FWD_H
#define _GEX_FWD_H
#include <gasnetex.h>
#endif
