// Compile check, C++17 (built under SEQ, PARSYNC and PAR). See compile_check_calls.h.
#include "compile_check_calls.h"
#include "compile_check_gasnet1.h"

#include <type_traits>

// Pointer sentinels are constant expressions in C++ (not in C), so they are checked at compile time.
static_assert(GEX_EVENT_INVALID == nullptr, "GEX_EVENT_INVALID is zero");
static_assert(GEX_EP_INVALID == nullptr && GEX_CLIENT_INVALID == nullptr && GEX_SEGMENT_INVALID == nullptr,
              "EP/client/segment sentinels are zero");
static_assert(GEX_TM_INVALID == nullptr && GEX_AM_SRCDESC_NO_OP == nullptr && GEX_AD_INVALID == nullptr &&
                  GEX_MK_INVALID == nullptr && GASNET_INVALID_HANDLE == nullptr,
              "TM/SrcDesc/AD/MK sentinels are zero");
static_assert(std::is_same<gasnet_node_t, gex_Rank_t>::value && std::is_same<gasnet_handle_t, gex_Event_t>::value &&
                  std::is_same<gasnet_token_t, gex_Token_t>::value &&
                  std::is_same<gasnet_handler_t, gex_AM_Index_t>::value &&
                  std::is_same<gasnet_handlerarg_t, gex_AM_Arg_t>::value &&
                  std::is_same<gasnet_register_value_t, gex_RMA_Value_t>::value &&
                  std::is_same<gasnet_hsl_t, gex_HSL_t>::value,
              "GASNet-1 aliases");
static_assert(std::is_same<gex_AM_Index_t, uint8_t>::value && std::is_same<gex_AM_Arg_t, int32_t>::value &&
                  std::is_same<gex_Addr_t, void *>::value && std::is_const<gex_RankInfo_t>::value,
              "exact types the spec fixes");
static_assert(std::is_same<decltype(gex_AM_RequestShort(GEX_TM_INVALID, 0, 0, 0)), int>::value &&
                  std::is_same<decltype(gex_AM_CommitReplyLong(GEX_AM_SRCDESC_NO_OP, 0, 0, nullptr)), void>::value,
              "count-inferring forms keep the numbered forms' return types");
static_assert(std::is_same<decltype(gex_AM_CommitRequestMedium_v2(GEX_AM_SRCDESC_NO_OP, 0, 0, 0)), int>::value &&
                  std::is_same<decltype(gex_AM_CommitReplyLong_v2(GEX_AM_SRCDESC_NO_OP, 0, 0, nullptr, 0, 1)), int>::value &&
                  std::is_same<decltype(gex_AM_CancelRequestLong(GEX_AM_SRCDESC_NO_OP, 0)), int>::value &&
                  std::is_same<decltype(gex_System_QueryProgressThreads(GEX_CLIENT_INVALID, nullptr, nullptr, 0)), int>::value,
              "spec v0.19 forms return int");
static_assert(std::is_same<decltype(GEX_DT_I32), int>::value && std::is_same<decltype(GEX_OP_FADD), int>::value &&
                  std::is_same<decltype(GEX_OP_USER_NC), unsigned int>::value &&
                  std::is_same<decltype(GEX_FLAG_IMMEDIATE), unsigned int>::value &&
                  std::is_same<decltype(GEX_TI_ALL), gex_TI_t>::value && std::is_same<decltype(GEX_EC_ALL), gex_EC_t>::value &&
                  std::is_same<decltype(GEX_MK_CLASS_HIP), gex_MK_Class_t>::value,
              "constants have GASNet's types");

// C++ has no unprototyped function type, so (as with the reference) C++ tables cast.
static gex_AM_Entry_t cc_table[] = {
    {GEX_AM_INDEX_BASE + 0, (gex_AM_Fn_t)cc_request1, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, nullptr, "req"},
    {GEX_AM_INDEX_BASE + 1, (gex_AM_Fn_t)cc_short0, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQREP, 0, nullptr, nullptr},
    {0, (gex_AM_Fn_t)cc_medium1, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 1, nullptr, nullptr},
    {0, (gex_AM_Fn_t)cc_short16, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQREP, 16, nullptr, nullptr},
    {0, (gex_AM_Fn_t)cc_long3, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 3, NULL, "cc_long3"},
};

// Real clients also write partial positional initializers; -Wextra's missing-field-initializers
// would reject the form this table must prove compiles, so it is silenced for the table alone.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
static gex_AM_Entry_t cc_table_short_form[] = {
    {0, (gex_AM_Fn_t)cc_long3, GEX_FLAG_AM_MEDLONG | GEX_FLAG_AM_REQREP, 3},
};
#pragma GCC diagnostic pop

int main(int argc, char **argv) {
  if (argc > 100) {
    int rc = cc_call_every_api(&argc, &argv, cc_table, sizeof cc_table / sizeof cc_table[0]);
    return rc | gex_EP_RegisterHandlers(GEX_EP_INVALID, cc_table_short_form, 1) | cc_call_gasnet1();
  }
  return cc_runtime_checks();
}
