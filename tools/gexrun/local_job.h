// Starting this host's ranks: fork + exec each, with the variables join() reads (GEX_JOB_ID,
// GEX_RANK, GEX_SIZE, GEX_JOB_CTL), then stay as their monitor. Used by gexrun on one host and by
// each host agent of a multi-host job.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"

namespace gex::gexrun {

inline constexpr int kCannotExecuteCode = 127;  // as the shell reports a missing program

// Checked once up front so that a typo gives one clear message rather than N from the ranks.
// Returns an error message, empty when the program can be run.
std::string find_program_problem(const std::string &program);
// The program's absolute path (searched in PATH when it has no '/'), or `program` itself.
std::string absolute_program(const std::string &program);

// Forks and execs `command` as each rank of `ranks` (the job has `size` ranks), attached to the
// control block `control_name`, and runs the job monitor. Returns the host's exit code.
int run_local_ranks(bootstrap::ControlBlock &control, const std::string &control_name,
                    const std::vector<uint32_t> &ranks, uint32_t size, const std::string &job_id,
                    const std::vector<std::string> &command,
                    const bootstrap::MonitorOptions &monitor_options);

}  // namespace gex::gexrun
