// A host agent's link to gexrun in a multi-host job (docs/launch.md, "Jobs on several hosts").
//
// `gexrun --hosts a,b -n 4 prog` starts one agent per host (`gexrun --agent ...`, through ssh or
// a spawn template). The agent creates that host's job control block, forks the host's ranks and
// is their job monitor, exactly as gexrun is on one host; the ranks only ever talk to the control
// block. What must cross hosts goes through the agents and gexrun over TCP (wire.h):
//  - start-up barriers and allgathers: the last local arrival asks the agent (barrier_request),
//    gexrun answers once every host has arrived, with every rank's bytes;
//  - the job's end: the first way the job ends on any host (an exit, a crash, a fatal error) is
//    told to every other host, and each rank's state (exiting, gone) to every host, so the
//    coordinated exit waits for ranks on other hosts as it does for neighbours;
//  - liveness: heartbeats both ways; a lost launcher or host ends the job with a message.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bootstrap/wire.h"

namespace gex::bootstrap {

struct ControlBlock;

// What the monitor lets the relay do to the job.
class MonitorHooks {
 public:
  virtual ~MonitorHooks() = default;
  // The job ends (record_exit_code's rule for `code`); `at_once`: no grace, SIGQUIT now.
  virtual void end_job(int code, bool at_once) = 0;
};

struct JobSetup {
  std::string job_id;                   // the job's id; this host's objects use job_id + "h<index>"
  uint32_t size = 0;                    // ranks in the job
  std::vector<uint32_t> host_of;        // each rank's host index
  std::vector<std::string> host_names;  // each host's name, as the host list gave it
  uint32_t host_index = 0;              // this agent's host
  double host_timeout_seconds = 10;     // silence after which the other side counts as lost
};

class HostRelay {
 public:
  // Connects to gexrun at `coordinator` ("addr:port"), introduces itself as host `host_index`
  // with the job's `cookie`, and waits for the job's setup. Throws std::runtime_error.
  HostRelay(const std::string &coordinator, const std::string &cookie, uint32_t host_index);
  const JobSetup &setup() const { return setup_; }
  // This host's ranks (ascending).
  const std::vector<uint32_t> &local_ranks() const { return local_; }
  void attach(ControlBlock *control) { control_ = control; }
  int fd() const { return link_.fd(); }

  // One round, from the monitor's loop: what arrived from gexrun goes into the control block,
  // barrier requests, local endings and rank state changes go out.
  void poll(MonitorHooks &hooks);
  // The host's ranks are all gone: tells gexrun (with the host's exit code) and waits a little
  // for the bytes to leave.
  void finish(int code);

 private:
  void handle(const wire::Frame &frame, MonitorHooks &hooks);
  void lost(const std::string &why, MonitorHooks &hooks);

  wire::Connection link_;
  JobSetup setup_;
  std::vector<uint32_t> local_;
  ControlBlock *control_ = nullptr;
  uint32_t barrier_sent_ = 0;        // the last barrier_request passed on
  bool ending_reported_ = false;
  std::vector<uint32_t> state_sent_;  // per local rank, the last state told
  int64_t last_heard_ns_ = 0;
  int64_t last_beat_ns_ = 0;
  bool lost_ = false;
  std::vector<wire::Frame> early_;  // frames that arrived with the setup
  uint32_t signal_requests_seen_ = 0;  // control block's signal_requests at the last scan
};

}  // namespace gex::bootstrap
