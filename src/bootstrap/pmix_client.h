// The PMIx side of the bootstrap: a job started by a PMIx launcher (`mpirun` of Open MPI,
// `srun` of Slurm, `prterun`) instead of gexrun. libpmix is opened at run time (dlopen), so
// programs link nothing extra and a build runs where PMIx is absent; it is compiled only where
// the PMIx headers were found (GEX_HAVE_PMIX). See docs/launch.md, "Under mpirun or srun".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gex::bootstrap::pmix {

// True when the process was started by a PMIx launcher (PMIX_RANK and PMIX_NAMESPACE set).
bool launched();

struct Session {
  uint32_t rank = 0;
  uint32_t size = 0;
  std::string nspace;
};

// Opens libpmix and connects to the launcher's PMIx server. Throws std::runtime_error naming
// what failed (the library, PMIx_Init, a missing job attribute).
Session init();
// Each rank's host as the launcher names it (PMIX_HOSTNAME; empty strings where it does not say).
std::vector<std::string> host_names();
// A barrier over every process of the job (PMIx_Fence).
void fence();
// Every process contributes `len` bytes; `all` gets size*len bytes in rank order.
void allgather(const void *mine, size_t len, void *all);
// Starts a fence that completes in the background; fence_done() says when it has. Used by the
// exit protocol: a rank waits for every other rank's exit without stopping serving its peers.
void start_exit_fence();
bool exit_fence_done();
// Disconnects from the PMIx server (the launcher counts a process that exits without it as
// failed). Idempotent.
void finalize();

}  // namespace gex::bootstrap::pmix
