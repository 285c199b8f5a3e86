// gexrun's command line, parsed apart from main() so the unit tests can check it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gex::gexrun {

struct LaunchOptions {
  uint32_t ranks = 1;                // -n / -np / --np
  bool ranks_given = false;          // -n was on the command line
  std::vector<std::string> command;  // program and its arguments, passed through untouched
  // Multi-host jobs (docs/launch.md, "Jobs on several hosts"); all empty/0 for one host.
  std::vector<std::string> hosts;    // --hosts a,b / --hostfile F (one per line, repeats allowed)
  uint32_t ppn = 0;                  // --ppn: ranks per host (0: spread evenly)
  uint32_t nodes = 0;                // -N: use the first N hosts of the list (0: all)
  std::string spawn_cmd;             // --spawn-cmd: template for starting an agent (%H, %C, %N)
  std::string bootstrap_address;     // --bootstrap-address: where the agents reach gexrun
  std::vector<std::string> forward_env;  // -x NAME: more variables to pass to other hosts
};

// Which ranks run on which host. Hosts are numbered in order of first appearance.
struct HostPlan {
  std::string name;
  std::vector<uint32_t> ranks;  // ascending
};

// The placement gexrun uses: with `hosts` all distinct, -n ranks spread in contiguous blocks
// (the first n % hosts get one more), or `ppn` per host in host order; with a host repeated (a
// machine file), rank r goes to the (r mod entries)-th entry, as GPI-2's and MPI's machine files
// mean. Hosts that get no rank are left out. Throws std::invalid_argument with the reason.
std::vector<HostPlan> plan_hosts(const LaunchOptions &options);

// A host list as GASNET_SSH_SERVERS or --hosts write it: names separated by commas, spaces,
// tabs or newlines. A host file: one name per line, '#' starts a comment, and "name slots=N"
// or "name:N" repeats a name N times. Throws std::invalid_argument for an unreadable file.
std::vector<std::string> split_host_list(const std::string &text);
std::vector<std::string> read_host_file(const std::string &path);

// POSIX shell quoting ('...', with ' written as '\'').
std::string shell_quote(const std::string &word);

// Expands a spawn template: %H the host, %C the (quoted) command, %N the host's rank count, %%
// a '%'. Throws std::invalid_argument when the template has no %C or an unknown %-letter.
std::string expand_spawn_template(const std::string &templ, const std::string &host,
                                  const std::string &command, size_t ranks);

// What main() does with a command line: run `options`, or print `out` (help) / `err` (usage
// error) and exit with `exit_code`.
struct ParsedCommandLine {
  std::optional<LaunchOptions> options;
  int exit_code = 0;
  std::string out;
  std::string err;
};

inline constexpr int kUsageErrorCode = 2;

// `args` excludes argv[0]. Options end at "--" or at the first argument that is neither an
// option nor an option's value: that argument is the program, and everything after it
// (`-m`, `-n 3`, `--help`) belongs to the program.
ParsedCommandLine parse_command_line(const std::vector<std::string> &args);

}  // namespace gex::gexrun
