#include "game_args.hpp"

#include <cctype>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace sente::driver {

plugin::Options GameArgs::options() const {
  plugin::Options o;
  for (const std::string& kv : sets) {
    const std::size_t eq = kv.find('=');
    o[kv.substr(0, eq)] = eq == std::string::npos ? "" : kv.substr(eq + 1);
  }
  if (!engine.empty()) o["engine"] = engine;
  return o;
}

std::string GameArgs::clash() const {
  std::map<std::string, int> seen;
  for (const std::string& kv : sets) ++seen[kv.substr(0, kv.find('='))];
  if (!engine.empty()) ++seen["engine"];
  for (const auto& [key, n] : seen)
    if (n > 1) return key;
  return {};
}

namespace {

// "--repeat", or a short flag of the command ("-q"): never an option's value.
// (A value starting with "--" can still be given as --NAME=VALUE; "-1" is a value.)
bool is_flag(const std::string& a, const std::function<FlagKind(const std::string&)>& kind_of) {
  if (a == "--") return true;
  if (a.size() > 2 && a[0] == '-' && a[1] == '-')
    return std::isalpha(static_cast<unsigned char>(a[2])) != 0;
  return a.size() == 2 && a[0] == '-' && kind_of(a) != FlagKind::kUnknown;
}

}  // namespace

absl::StatusOr<std::vector<std::string>> game_option_flags(
    const std::function<FlagKind(const std::string&)>& kind_of, std::vector<std::string> args,
    bool game_flags) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (a.size() < 2 || a[0] != '-' || a == "-") {
      out.push_back(a);
      continue;
    }
    const std::size_t eq = a.find('=');
    const std::string flag = a.substr(0, eq);
    const FlagKind kind = kind_of(flag);
    const bool next_is_value = i + 1 < args.size() && !is_flag(args[i + 1], kind_of);
    if (kind != FlagKind::kUnknown || flag == "--help" || flag == "-h" || a[1] != '-' ||
        !game_flags) {
      // The command's own, read by CLI11 (which would take a flag after it as its value).
      out.push_back(a);
      if (kind == FlagKind::kTakesValue && eq == std::string::npos) {
        if (!next_is_value) return absl::InvalidArgumentError(flag + " needs a value");
        out.push_back(args[++i]);
      }
      continue;
    }
    const std::string name = flag.substr(2);
    std::string value;
    if (eq != std::string::npos)
      value = a.substr(eq + 1);
    else if (next_is_value)
      value = args[++i];
    else
      return absl::InvalidArgumentError(
          absl::StrCat(flag, " needs a value (--", name, " VALUE, or --set ", name, "=VALUE)"));
    if (value.empty()) return absl::InvalidArgumentError(flag + " is empty; give a value");
    out.push_back("--set");
    out.push_back(name + "=" + value);
  }
  return out;
}

std::string game_named(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--set" || args[i] == "--engine" || args[i] == "-e") {
      ++i;
      continue;
    }
    if (!args[i].empty() && args[i][0] != '-') return args[i];
  }
  return {};
}

std::string command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i == 0) a = "sente";
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                                         "OPQRSTUVWXYZ0123456789-_=.,/:+@%") == std::string::npos;
    if (!plain) {
      std::string q = "'";
      for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      a = q + "'";
    }
    line += (i ? " " : "") + a;
  }
  return line;
}

}  // namespace sente::driver
