// GASPI's statistics interface (gaspi_statistic_*): process-wide counters of calls and bytes,
// kept only while the verbosity level is at least 1 (gaspi_statistic_verbosity_level), so a
// program that does not ask pays one relaxed load per call.
#include "gaspi/state.h"

namespace gex::gaspi {

std::atomic<unsigned> g_stat_level{0};
std::atomic<uint64_t> g_stats[kStatCount];

namespace {
struct Info {
  const char *name, *description;
};
const Info kInfo[kStatCount] = {
    {"BytesWritten", "bytes written (write, write_notify, write lists)"},
    {"BytesRead", "bytes read (read, read_notify, read lists)"},
    {"Write", "gaspi_write calls"},
    {"WriteNotify", "gaspi_write_notify calls"},
    {"Read", "gaspi_read calls"},
    {"ReadNotify", "gaspi_read_notify calls"},
    {"Notify", "gaspi_notify calls"},
    {"WriteList", "gaspi_write_list and gaspi_write_list_notify calls"},
    {"ReadList", "gaspi_read_list and gaspi_read_list_notify calls"},
    {"Wait", "gaspi_wait calls"},
    {"Barrier", "gaspi_barrier calls"},
    {"Allreduce", "gaspi_allreduce and gaspi_allreduce_user calls"},
    {"SegmentAlloc", "gaspi_segment_alloc and gaspi_segment_bind calls"},
    {"SegmentRegister", "gaspi_segment_register calls"},
    {"SegmentCreate", "gaspi_segment_create and gaspi_segment_use calls"},
    {"SegmentDelete", "gaspi_segment_delete calls"},
    {"PassiveSend", "gaspi_passive_send calls"},
    {"Atomic", "gaspi_atomic_fetch_add and gaspi_atomic_compare_swap calls"},
};
}  // namespace

}  // namespace gex::gaspi

using namespace gex::gaspi;

extern "C" {

gaspi_return_t pgaspi_statistic_verbosity_level(gaspi_number_t level) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_statistic_verbosity_level");
  g_stat_level.store(level, std::memory_order_relaxed);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_statistic_counter_max(gaspi_number_t *counter_max) {
  if (!counter_max) return fail(GASPI_ERR_NULLPTR, "gaspi_statistic_counter_max", "counter_max is NULL");
  *counter_max = kStatCount;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_statistic_counter_info(gaspi_statistic_counter_t counter, gaspi_statistic_argument_t *argument,
                                             gaspi_string_t *name, gaspi_string_t *description,
                                             gaspi_number_t *verbosity_level) {
  const char *call = "gaspi_statistic_counter_info";
  if (counter >= kStatCount) return fail(GASPI_ERR_INV_NUM, call, "counter " + std::to_string(counter) + " >= gaspi_statistic_counter_max " + std::to_string(kStatCount));
  if (!argument || !name || !description || !verbosity_level) return fail(GASPI_ERR_NULLPTR, call, "an output argument is NULL");
  *argument = GASPI_STATISTIC_ARGUMENT_NONE;
  *name = const_cast<gaspi_string_t>(kInfo[counter].name);
  *description = const_cast<gaspi_string_t>(kInfo[counter].description);
  *verbosity_level = 1;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_statistic_counter_get(gaspi_statistic_counter_t counter, gaspi_number_t, unsigned long *value) {
  const char *call = "gaspi_statistic_counter_get";
  if (counter >= kStatCount) return fail(GASPI_ERR_INV_NUM, call, "counter " + std::to_string(counter) + " >= gaspi_statistic_counter_max " + std::to_string(kStatCount));
  if (!value) return fail(GASPI_ERR_NULLPTR, call, "value is NULL");
  *value = g_stats[counter].load(std::memory_order_relaxed);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_statistic_counter_reset(gaspi_statistic_counter_t counter) {
  if (counter >= kStatCount)
    return fail(GASPI_ERR_INV_NUM, "gaspi_statistic_counter_reset", "counter " + std::to_string(counter) + " >= gaspi_statistic_counter_max " + std::to_string(kStatCount));
  g_stats[counter].store(0, std::memory_order_relaxed);
  return GASPI_SUCCESS;
}

}  // extern "C"

GEXI_GASPI_ALIAS(gaspi_statistic_verbosity_level)
GEXI_GASPI_ALIAS(gaspi_statistic_counter_max)
GEXI_GASPI_ALIAS(gaspi_statistic_counter_info)
GEXI_GASPI_ALIAS(gaspi_statistic_counter_get)
GEXI_GASPI_ALIAS(gaspi_statistic_counter_reset)
