// firehose's limits from the environment, as GASNet's firehose_init computes them
// (GASNET_FIREHOSE_* in docs/firehose.md).
#include <unistd.h>

#include <algorithm>
#include <string>

#include "bootstrap/env_values.h"
#include "firehose/firehose.h"

namespace gex::firehose {

namespace {

constexpr size_t kMiB = size_t(1) << 20;

std::string mb(size_t bytes) {
  return std::to_string(bytes) + " bytes (" + std::to_string(bytes / kMiB) + " MB)";
}

}  // namespace

Params params_from_env(Variant variant, uint32_t rank, uint32_t size, const Limits &limits, const EnvReader &env,
                       bool local_only) {
  if (!env.size_mb || !env.integer || !env.boolean)
    throw ConfigError("firehose_init: the transport passed no environment readers");
  Params p;
  p.variant = variant;
  p.rank = rank, p.size = size;
  const long sys_page = sysconf(_SC_PAGESIZE);
  p.page_size = sys_page > 0 ? size_t(sys_page) : 4096;
  p.max_payload = limits.max_payload;
  p.local_only = local_only;
  const size_t page = p.page_size;
  const size_t maxpin = limits.max_pinnable_memory;
  if (maxpin == 0) throw ConfigError("firehose_init: max_pinnable_memory is 0 (no memory may be pinned)");

  // GASNet's minimums: 32 pages for each rank, and a victim FIFO of 4096 pages (page variant) or
  // 256 pages (region variant); local-only: 16 MB of FIFO.
  const size_t M_min = local_only ? 0 : page * size * 32;
  const size_t VM_min = local_only ? 16 * kMiB : page * (variant == Variant::Page ? 4096 : 256);
  const bool setM = bootstrap::env_or_null("GASNET_FIREHOSE_M") != nullptr;
  const bool setVM = bootstrap::env_or_null("GASNET_FIREHOSE_MAXVICTIM_M") != nullptr;
  auto too_small = [&](const char *name, size_t value, size_t min) {
    if (value < min)
      throw ConfigError(std::string("firehose_init: ") + name + " is " + mb(value) + ", less than the minimum " +
                        mb(min) + (setM || setVM ? "" : " (the pinnable memory " + mb(maxpin) + " is too small)"));
  };
  if (local_only) {
    p.M = 0;
    p.maxvictim_M = env.size_mb("GASNET_FIREHOSE_MAXVICTIM_M", maxpin, 0, maxpin);
  } else if (setM && !setVM) {
    const size_t top = maxpin > VM_min ? maxpin - VM_min : 0;
    p.M = env.size_mb("GASNET_FIREHOSE_M", 0, 0, SIZE_MAX);
    if (p.M > top)
      throw ConfigError("firehose_init: GASNET_FIREHOSE_M (" + mb(p.M) + ") is larger than the " + mb(top) +
                        " permitted without also setting GASNET_FIREHOSE_MAXVICTIM_M");
    p.maxvictim_M = env.size_mb("GASNET_FIREHOSE_MAXVICTIM_M", maxpin - p.M, 0, SIZE_MAX);
  } else if (!setM && setVM) {
    const size_t top = maxpin > M_min ? maxpin - M_min : 0;
    p.maxvictim_M = env.size_mb("GASNET_FIREHOSE_MAXVICTIM_M", 0, 0, SIZE_MAX);
    if (p.maxvictim_M > top)
      throw ConfigError("firehose_init: GASNET_FIREHOSE_MAXVICTIM_M (" + mb(p.maxvictim_M) + ") is larger than the " +
                        mb(top) + " permitted without also setting GASNET_FIREHOSE_M");
    p.M = env.size_mb("GASNET_FIREHOSE_M", maxpin - p.maxvictim_M, 0, SIZE_MAX);
  } else if (!setM && !setVM) {
    p.M = env.size_mb("GASNET_FIREHOSE_M", maxpin / 4 * 3, 0, SIZE_MAX);
    p.maxvictim_M = env.size_mb("GASNET_FIREHOSE_MAXVICTIM_M", maxpin - p.M, 0, SIZE_MAX);
  } else {
    p.M = env.size_mb("GASNET_FIREHOSE_M", 0, 0, SIZE_MAX);
    p.maxvictim_M = env.size_mb("GASNET_FIREHOSE_MAXVICTIM_M", 0, 0, SIZE_MAX);
    if (p.M + p.maxvictim_M > maxpin)
      throw ConfigError("firehose_init: GASNET_FIREHOSE_M (" + mb(p.M) + ") + GASNET_FIREHOSE_MAXVICTIM_M (" +
                        mb(p.maxvictim_M) + ") exceed the memory this job may pin, " + mb(maxpin));
  }
  if (!local_only) too_small("GASNET_FIREHOSE_M", p.M, M_min);
  too_small("GASNET_FIREHOSE_MAXVICTIM_M", p.maxvictim_M, VM_min);

  if (variant == Variant::Region) {
    // The largest region: the transport's limit, else 4 MB; never more than the victim memory.
    size_t rs_top = limits.max_region_size ? limits.max_region_size : SIZE_MAX;
    rs_top = std::min(rs_top, p.maxvictim_M);
    const size_t rs_dflt = std::min(rs_top, 4 * kMiB);
    p.max_region_size = env.size_mb("GASNET_FIREHOSE_MAXREGION_SIZE", rs_dflt, page, rs_top) & ~(page - 1);
    const size_t rs = p.max_region_size;
    const int64_t R_min = local_only ? 0 : int64_t(size > 1 ? size - 1 : 1), VR_min = 2;
    const bool setR = bootstrap::env_or_null("GASNET_FIREHOSE_R") != nullptr;
    const bool setVR = bootstrap::env_or_null("GASNET_FIREHOSE_MAXVICTIM_R") != nullptr;
    const size_t avail = limits.max_regions ? limits.max_regions : SIZE_MAX;
    // Defaults: as many regions of the largest size as M and MAXVICTIM_M hold, scaled down to the
    // transport's registration count.
    size_t R = local_only ? 0 : p.M / rs, VR = p.maxvictim_M / rs;
    if (!setR && !setVR && R + VR > avail) {
      const double ratio = double(avail) / double(R + VR);
      R = size_t(double(R) * ratio), VR = size_t(double(VR) * ratio);
    }
    auto read_R = [&](size_t dflt) {
      if (!local_only) p.R = size_t(env.integer("GASNET_FIREHOSE_R", int64_t(dflt), 0, INT64_MAX));
    };
    auto read_VR = [&](size_t dflt) {
      p.maxvictim_R = size_t(env.integer("GASNET_FIREHOSE_MAXVICTIM_R", int64_t(dflt), 0, INT64_MAX));
    };
    if (setVR && !setR) {  // the one set first: the other defaults to what is left
      read_VR(VR);
      read_R(std::min(R, avail > p.maxvictim_R ? avail - p.maxvictim_R : 0));
    } else {
      read_R(R);
      read_VR(setR && !setVR ? std::min(VR, avail > p.R ? avail - p.R : 0) : VR);
    }
    if (limits.max_regions && p.R + p.maxvictim_R > limits.max_regions)
      throw ConfigError("firehose_init: GASNET_FIREHOSE_R (" + std::to_string(p.R) + ") + GASNET_FIREHOSE_MAXVICTIM_R (" +
                        std::to_string(p.maxvictim_R) + ") exceed the transport's " +
                        std::to_string(limits.max_regions) + " registrations");
    if (p.R < size_t(R_min))
      throw ConfigError("firehose_init: GASNET_FIREHOSE_R is " + std::to_string(p.R) + ", less than one region per peer (" +
                        std::to_string(R_min) + ")");
    if (p.maxvictim_R < size_t(VR_min))
      throw ConfigError("firehose_init: GASNET_FIREHOSE_MAXVICTIM_R is " + std::to_string(p.maxvictim_R) +
                        ", less than the minimum 2");
  }
  p.verbose = env.boolean("GASNET_FIREHOSE_VERBOSE", false);
  return p;
}

}  // namespace gex::firehose
