// libFuzzer target: gexrun's command line (tools/gexrun/launch_options.h).
// Input: the arguments (argv[1..]) separated by NUL bytes.
// Contract: either options with 1..kMaxRanks ranks and a non-empty command, or an exit code with
// a message; the program's own arguments are passed through untouched.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bootstrap/env_values.h"
#include "launch_options.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<std::string> args;
  std::string current;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(current);
      current.clear();
    } else {
      current += char(data[i]);
    }
  }
  if (!current.empty()) args.push_back(current);
  if (args.size() > 64) return 0;

  const gex::gexrun::ParsedCommandLine parsed = gex::gexrun::parse_command_line(args);
  if (parsed.options) {
    const auto &o = *parsed.options;
    if (o.ranks < 1 || o.ranks > gex::bootstrap::kMaxRanks || o.command.empty()) std::abort();
    // The command is a suffix of the arguments, unchanged.
    if (o.command.size() > args.size()) std::abort();
    for (size_t i = 0; i < o.command.size(); ++i)
      if (o.command[i] != args[args.size() - o.command.size() + i]) std::abort();
  } else if (parsed.exit_code != 0 ? parsed.err.empty() : parsed.out.empty()) {
    std::fprintf(stderr, "fuzz_gexrun_args: no options and no message (exit code %d)\n", parsed.exit_code);
    std::abort();
  }
  return 0;
}
