#include "launch_options.h"

#include <CLI/CLI.hpp>

#include <sstream>

#include "bootstrap/env_values.h"

namespace gex::gexrun {

namespace {

bool takes_value(const std::string &arg) { return arg == "-n" || arg == "-np" || arg == "--np"; }

// CLI11 knows single-letter short options only, so the MPI-style "-np" becomes "--np".
std::string canonical(const std::string &arg) { return arg == "-np" ? "--np" : arg; }

// CLI11's usage line would say "gexrun [OPTIONS]"; ours also shows where the program goes.
class LauncherFormatter : public CLI::Formatter {
 public:
  std::string make_usage(const CLI::App *, std::string) const override {
    return "Usage: gexrun -n N [--] program [args...]\n";
  }
};

}  // namespace

ParsedCommandLine parse_command_line(const std::vector<std::string> &args) {
  // Split gexrun's options from the program first: CLI11 must never see the program's args.
  std::vector<std::string> own_args;
  std::vector<std::string> command;
  size_t i = 0;
  while (i < args.size()) {
    const std::string &arg = args[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') break;  // the program ("-" alone is a name too)
    own_args.push_back(canonical(arg));
    if (takes_value(arg) && i + 1 < args.size()) own_args.push_back(args[++i]);
    ++i;
  }
  command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());

  CLI::App app{"Starts an N-rank libgex job on this host.", "gexrun"};
  app.formatter(std::make_shared<LauncherFormatter>());
  app.footer(
      "Environment: GEX_JOB_ID (job id; default derived from gexrun's pid), GEX_EXIT_TIMEOUT\n"
      "(seconds the other ranks get to leave once the job ends, default 2). See docs/launch.md.");
  LaunchOptions options;
  app.add_option("-n,--np", options.ranks, "number of ranks (also -np)")
      ->check(CLI::Range(1u, bootstrap::kMaxRanks));

  ParsedCommandLine result;
  std::ostringstream out;
  std::ostringstream err;
  try {
    std::vector<std::string> reversed(own_args.rbegin(), own_args.rend());  // CLI11's order
    app.parse(reversed);
  } catch (const CLI::CallForHelp &help) {
    result.exit_code = app.exit(help, out, err);
    result.out = out.str();
    return result;
  } catch (const CLI::ParseError &error) {
    app.exit(error, out, err);
    result.exit_code = kUsageErrorCode;
    result.err = "gexrun: " + err.str();
    return result;
  }
  if (command.empty()) {
    result.exit_code = kUsageErrorCode;
    result.err = "gexrun: no program to run\nUsage: gexrun -n N [--] program [args...]\n";
    return result;
  }
  options.command = std::move(command);
  result.options = std::move(options);
  return result;
}

}  // namespace gex::gexrun
