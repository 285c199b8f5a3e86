/* Compile check, C (built as C99 and C11 under SEQ, PARSYNC and PAR). See compile_check_calls.h. */
#include "compile_check_calls.h"
#include "compile_check_gasnet1.h"

static const int cc_cdata = 42;

// Real clients write partial positional initializers; -Wextra's missing-field-initializers would
// reject the very form this table must prove compiles, so it is silenced for the table alone.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
// Handlers go in without casts: gex_AM_Fn_t is unprototyped in C.
static gex_AM_Entry_t cc_table[] = {
    {GEX_AM_INDEX_BASE + 0, cc_request1, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1},
    {GEX_AM_INDEX_BASE + 1, cc_short0, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQREP, 0},
    {0, cc_medium1, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 1},
    {0, cc_short16, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQREP, 16},
    {0, (gex_AM_Fn_t)cc_long3, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 3, NULL, "cc_long3"},
    {0, cc_long3, GEX_FLAG_AM_MEDLONG | GEX_FLAG_AM_REQREP, 3, &cc_cdata, "cc_long3 again"},
};
#pragma GCC diagnostic pop

int main(int argc, char **argv) {
  if (argc > 100) return cc_call_every_api(&argc, &argv, cc_table, sizeof cc_table / sizeof cc_table[0]) | cc_call_gasnet1();
  return cc_runtime_checks();
}
