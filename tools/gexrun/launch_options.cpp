#include "launch_options.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bootstrap/env_values.h"

namespace gex::gexrun {

namespace {

bool takes_value(const std::string &arg) {
  for (const char *option : {"-n", "-np", "--np", "--hosts", "--hostfile", "--machinefile", "--ppn",
                             "-N", "--spawn-cmd", "--bootstrap-address", "-x"})
    if (arg == option) return true;
  return false;
}

// CLI11 knows single-letter short options only, so the MPI-style "-np" becomes "--np".
std::string canonical(const std::string &arg) { return arg == "-np" ? "--np" : arg; }

// CLI11's usage line would say "gexrun [OPTIONS]"; ours also shows where the program goes.
class LauncherFormatter : public CLI::Formatter {
 public:
  std::string make_usage(const CLI::App *, std::string) const override {
    return "Usage: gexrun -n N [--hosts h1,h2 | --hostfile F] [options] [--] program [args...]\n";
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

  CLI::App app{"Starts an N-rank libgex job on this host, or on several hosts.", "gexrun"};
  app.formatter(std::make_shared<LauncherFormatter>());
  app.footer(
      "Environment: GEX_JOB_ID (job id; default derived from gexrun's pid), GEX_EXIT_TIMEOUT\n"
      "(seconds the other ranks get to leave once the job ends, default 2); for several hosts\n"
      "GASNET_SSH_SERVERS or GASNET_NODEFILE (the host list), GASNET_SSH_CMD, GASNET_SSH_OPTIONS,\n"
      "GEX_SPAWN_CMD (or GASNET_SPAWNFN=C with GASNET_CSPAWN_CMD), GEX_BOOTSTRAP_ADDR,\n"
      "GEX_HOST_TIMEOUT. See docs/launch.md.");
  LaunchOptions options;
  std::string host_list, host_file;
  app.add_option("-n,--np", options.ranks, "number of ranks (also -np)")
      ->check(CLI::Range(1u, bootstrap::kMaxRanks));
  app.add_option("--hosts", host_list, "hosts to run on, comma-separated (ssh unless --spawn-cmd)");
  app.add_option("--hostfile,--machinefile", host_file, "file naming the hosts, one per line");
  app.add_option("--ppn", options.ppn, "ranks per host (default: spread evenly)")
      ->check(CLI::Range(1u, bootstrap::kMaxRanks));
  app.add_option("-N", options.nodes, "use only the first N hosts")
      ->check(CLI::Range(1u, bootstrap::kMaxRanks));
  app.add_option("--spawn-cmd", options.spawn_cmd,
                 "command template that starts gexrun's agent on a host: %H host, %C command, %N ranks");
  app.add_option("--bootstrap-address", options.bootstrap_address,
                 "address of this host the other hosts reach gexrun at");
  app.add_option("-x", options.forward_env, "pass this environment variable to the other hosts too");

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
  options.ranks_given = app.count("-n") > 0;
  try {
    if (!host_list.empty()) options.hosts = split_host_list(host_list);
    else if (!host_file.empty()) options.hosts = read_host_file(host_file);
    else if (const char *servers = bootstrap::env_or_null("GASNET_SSH_SERVERS"))
      options.hosts = split_host_list(servers);
    else if (const char *nodefile = bootstrap::env_or_null("GASNET_NODEFILE"))
      options.hosts = read_host_file(nodefile);
    if ((!host_list.empty() || !host_file.empty()) && options.hosts.empty())
      throw std::invalid_argument("the host list is empty");
    if (options.hosts.empty() && (options.ppn || options.nodes || !options.spawn_cmd.empty()))
      throw std::invalid_argument("--ppn, -N and --spawn-cmd need a host list (--hosts or --hostfile)");
    if (!options.hosts.empty()) plan_hosts(options);  // reject an impossible placement now
  } catch (const std::invalid_argument &error) {
    result.exit_code = kUsageErrorCode;
    result.err = std::string("gexrun: ") + error.what() + "\n";
    return result;
  }
  options.command = std::move(command);
  result.options = std::move(options);
  return result;
}

std::vector<std::string> split_host_list(const std::string &text) {
  std::vector<std::string> hosts;
  std::string name;
  for (char c : text + ",") {
    if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!name.empty()) hosts.push_back(name);
      name.clear();
    } else {
      name += c;
    }
  }
  return hosts;
}

std::vector<std::string> read_host_file(const std::string &path) {
  std::ifstream file(path);
  if (!file) throw std::invalid_argument("cannot read the host file '" + path + "'");
  std::vector<std::string> hosts;
  std::string line;
  while (std::getline(file, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string name, extra;
    if (!(words >> name)) continue;
    unsigned long slots = 1;
    const size_t colon = name.find(':');
    if (colon != std::string::npos) {
      extra = name.substr(colon + 1);
      name = name.substr(0, colon);
    } else if (words >> extra && extra.rfind("slots=", 0) == 0) {
      extra = extra.substr(6);
    } else {
      extra.clear();
    }
    if (!extra.empty()) {
      char *end = nullptr;
      slots = std::strtoul(extra.c_str(), &end, 10);
      if (*end || slots < 1 || slots > bootstrap::kMaxRanks)
        throw std::invalid_argument("host file '" + path + "': bad count in '" + line + "'");
    }
    for (unsigned long i = 0; i < slots; ++i) hosts.push_back(name);
  }
  return hosts;
}

std::vector<HostPlan> plan_hosts(const LaunchOptions &options) {
  std::vector<std::string> entries = options.hosts;
  std::vector<std::string> distinct;
  for (const std::string &h : entries)
    if (std::find(distinct.begin(), distinct.end(), h) == distinct.end()) distinct.push_back(h);
  if (options.nodes) {
    if (options.nodes > distinct.size())
      throw std::invalid_argument("-N " + std::to_string(options.nodes) + ": the host list names only " +
                                  std::to_string(distinct.size()) + " hosts");
    distinct.resize(options.nodes);
    std::vector<std::string> kept;
    for (const std::string &h : entries)
      if (std::find(distinct.begin(), distinct.end(), h) != distinct.end()) kept.push_back(h);
    entries = kept;
  }
  const bool repeats = entries.size() != distinct.size();
  if (repeats && options.ppn)
    throw std::invalid_argument("--ppn cannot be used with a host list that repeats hosts");
  uint32_t n = options.ranks;
  if (!options.ranks_given)
    n = options.ppn ? options.ppn * uint32_t(distinct.size()) : uint32_t(entries.size());
  if (options.ppn && n > uint64_t(options.ppn) * distinct.size())
    throw std::invalid_argument("-n " + std::to_string(n) + " ranks do not fit " + std::to_string(distinct.size()) +
                                " hosts at --ppn " + std::to_string(options.ppn));
  if (n > bootstrap::kMaxRanks) throw std::invalid_argument("too many ranks");
  std::vector<HostPlan> plan(distinct.size());
  for (size_t h = 0; h < distinct.size(); ++h) plan[h].name = distinct[h];
  auto index_of = [&](const std::string &name) {
    return size_t(std::find(distinct.begin(), distinct.end(), name) - distinct.begin());
  };
  const uint32_t hosts = uint32_t(distinct.size());
  uint32_t rank = 0;
  if (repeats) {
    for (; rank < n; ++rank) plan[index_of(entries[rank % entries.size()])].ranks.push_back(rank);
  } else {
    for (uint32_t h = 0; h < hosts; ++h) {
      const uint32_t count = options.ppn ? std::min(options.ppn, n - rank) : n / hosts + (h < n % hosts);
      for (uint32_t i = 0; i < count; ++i) plan[h].ranks.push_back(rank++);
    }
  }
  plan.erase(std::remove_if(plan.begin(), plan.end(), [](const HostPlan &p) { return p.ranks.empty(); }),
             plan.end());
  return plan;
}

std::string shell_quote(const std::string &word) {
  std::string quoted = "'";
  for (char c : word) {
    if (c == '\'') quoted += "'\\''";
    else quoted += c;
  }
  return quoted + "'";
}

std::string expand_spawn_template(const std::string &templ, const std::string &host,
                                  const std::string &command, size_t ranks) {
  std::string out;
  bool has_command = false;
  for (size_t i = 0; i < templ.size(); ++i) {
    if (templ[i] != '%') {
      out += templ[i];
      continue;
    }
    const char what = i + 1 < templ.size() ? templ[++i] : '\0';
    switch (what) {
      case 'H': out += host; break;
      case 'C': out += command; has_command = true; break;
      case 'N': out += std::to_string(ranks); break;
      case '%': out += '%'; break;
      default:
        throw std::invalid_argument("spawn command '" + templ + "': unknown %" + std::string(1, what) +
                                    " (known: %H host, %C command, %N ranks, %%)");
    }
  }
  if (!has_command) throw std::invalid_argument("spawn command '" + templ + "' has no %C (where the command goes)");
  return out;
}

}  // namespace gex::gexrun
