// gexrun's command line, parsed apart from main() so the unit tests can check it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gex::gexrun {

struct LaunchOptions {
  uint32_t ranks = 1;                // -n / -np / --np
  std::vector<std::string> command;  // program and its arguments, passed through untouched
};

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
